"""``python -m paston``: the same command as the ``paston`` console script."""

from paston.cli import main

if __name__ == "__main__":
    main()
