#!/usr/bin/env python3
"""A complete external Paston bot (protocol paston-bot/1, see docs/bot-protocol.md).

Run it in a match with:  paston arena heuristic random "cmd:python examples/random_bot.py"
It plays a random legal action, except that it never surrenders. Standard library only.
"""

import json
import random
import sys


def choose(view, rng):
    legal = view["legal"]  # every legal action, already in the notation
    keep = [a for a in legal if a != "surrender"] or legal
    return rng.choice(keep)


def main():
    rng = random.Random()
    for line in sys.stdin:  # one JSON object per line
        message = json.loads(line)
        if message["type"] == "hello":
            rng.seed(message.get("seed"))  # the engine's seed makes matches reproducible
            print(f"playing seat {message['seat']}", file=sys.stderr)  # logs go to stderr
        elif message["type"] == "act":
            action = choose(message["view"], rng)
            answer = {"action": action}
            if message.get("explain"):
                answer["choices"] = [{"action": action, "value": 0, "reason": "random"}]
            print(json.dumps(answer), flush=True)  # flush: the engine waits for the line
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
