"""Double-dummy analysis of records: a hand-made blunder is found with the right loss, and
``paston analyse`` prints it as text and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from paston.analysis import analyse_record
from paston.bots import make_bot
from paston.cli import app
from paston.games.paston.bots.oracle import OracleBot
from paston.games.paston.cards import parse_cards
from paston.games.paston.deal import Deal
from paston.games.paston.game import Game
from paston.games.paston.record import deal_record, game_record


def blunder_deal() -> Deal:
    """Gupa by seat 0 against seat 1 alone (seat 2 passes).

    Declarer AH KH QH JH AC KC 7S 8S 9S 7D; whister 9H 8H KS QS JS TS AD KD QD JD (void in
    clubs). Drawing trumps first gives the declarer exactly six tricks (four trumps, two
    clubs; the four small cards lose). Leading AC at trick 1 lets the whister ruff; the
    declarer then makes only its four trumps and one club: five tricks, gupa fails. Loss: one
    trick, and +40 -> -40 = 80 points.
    """
    hands = [
        parse_cards("AH KH QH JH AC KC 7S 8S 9S 7D"),
        parse_cards("9H 8H KS QS JS TS AD KD QD JD"),
        parse_cards("TH 7H QC JC TC 9C AS TD 9D 8D"),
    ]
    deal = Deal(hands, parse_cards("7C 8C"), dealer=2, first_deal=False)
    for a in ("paston", "glitch", "pass", "dineri", "pass", "discard 7C 8C", "declare gupa",
              "whist", "pass", "AC"):  # fmt: skip
        deal.apply(a)
    # The rest is played perfectly by the oracle on both sides.
    bots = [make_bot("oracle", seed=s) for s in range(3)]
    for bot in bots:
        assert isinstance(bot, OracleBot)
        bot.attach(deal)
    while not deal.is_over:
        deal.apply(bots[deal.to_act].act(deal.view(deal.to_act)))
    return deal


def test_known_blunder_is_detected_with_the_right_loss() -> None:
    deal = blunder_deal()
    assert deal.credited_tricks()[0] == 5
    assert deal.scores == (-40, 40, 0)  # whister: 5 tricks alone = +10 x 4
    analysis = analyse_record(deal_record(deal))
    decisions = analysis.deals[0].decisions
    lead = next(d for d in decisions if d.phase == "play" and d.trick == 1 and d.seat == 0)
    assert lead.action == "AC"
    assert lead.loss_tricks == 1
    assert lead.loss_points == 80
    assert lead.value == -40 and lead.best_value == 40
    assert lead.best not in ("AC", "KC")
    assert not lead.estimate
    # The rest of the play was perfect, and declaring gupa was right (+40 double dummy).
    later = [d for d in decisions if d.phase == "play" and d.index > lead.index]
    assert later and all(d.loss_tricks == 0 and d.loss_points == 0 for d in later)
    contract = next(d for d in decisions if d.phase == "contract")
    assert contract.action == "declare gupa" and contract.loss_points == 0
    assert contract.best_value == 40
    seat0 = analysis.players[0]
    assert seat0.loss_points == 80 and seat0.loss_tricks == 1 and seat0.mistakes == 1
    assert seat0.worst[0] == lead


def test_cli_analyse_text_and_json(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(blunder_deal())))
    runner = CliRunner()
    text = runner.invoke(app, ["analyse", str(path)], env={"COLUMNS": "140"})
    assert text.exit_code == 0, text.output
    assert "AC" in text.output and "80.0" in text.output
    assert "Summary per player" in text.output
    out = runner.invoke(app, ["analyse", str(path), "--json"])
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert data["format"] == "paston-analysis/1" and data["kind"] == "deal"
    worst = data["players"][0]["worst"][0]
    assert worst["action"] == "AC" and worst["loss_points"] == 80 and worst["loss_tricks"] == 1


def test_cli_analyse_game_record_and_bad_input(tmp_path: Path) -> None:
    game = Game(first_dealer=0)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    for _ in range(2):
        deal = game.new_deal()
        while not deal.is_over:
            deal.apply(bots[deal.to_act].act(deal.view(deal.to_act)))
        if game.over:
            break
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_record(game)))
    runner = CliRunner()
    out = runner.invoke(app, ["analyse", str(path), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["kind"] == "game" and len(data["deals"]) == len(game.deals)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paston-deal/1"}')
    res = runner.invoke(app, ["analyse", str(bad)])
    assert res.exit_code == 2
    assert "error:" in res.output


def test_cli_analyse_another_game_is_one_clear_line(tmp_path: Path) -> None:
    from paston.games.paris.shuffle import seeded_record

    paris = tmp_path / "paris.json"
    paris.write_text(json.dumps(seeded_record(3, 4, 0)))
    paston_deal = tmp_path / "deal.json"
    paston_deal.write_text(json.dumps(deal_record(blunder_deal())))
    runner = CliRunner()
    for args in (
        [str(paris)],  # the record's format names the game
        ["--game", "paris", str(paris)],
        ["--game", "paris", str(paston_deal)],  # --game names a game without analysis
    ):
        res = runner.invoke(app, ["analyse", *args])
        assert res.exit_code == 2, res.output
        assert res.output == (
            "error: analysis of Paris games is not available yet "
            "(paston analyse grades paston records)\n"
        )
    unknown = runner.invoke(app, ["analyse", "--game", "chess", str(paston_deal)])
    assert unknown.exit_code == 2
    assert unknown.output.startswith("error: unknown game 'chess'; choose one of: paston")
    explicit = runner.invoke(app, ["analyse", "--game", "paston", str(paston_deal), "--json"])
    assert explicit.exit_code == 0 and json.loads(explicit.stdout)["kind"] == "deal"
