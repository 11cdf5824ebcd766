"""What the benchmarks share: option parsers and Markdown tables."""

import argparse


def positive(kind):
    """An argparse type: ``kind(text)`` above 0."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number above 0")
        return value

    return parse


def choices(known, noun: str = ""):
    """An argparse type: a comma-separated list of names from ``known`` (a list, or a
    function that gives it when an option is parsed), duplicates dropped."""

    def parse(text: str) -> list[str]:
        allowed = known() if callable(known) else known
        names = [t.strip() for t in text.split(",") if t.strip()]
        unknown = [t for t in names if t not in allowed]
        if unknown or not names:
            what = f"{noun} " if noun else ""
            raise argparse.ArgumentTypeError(
                f"unknown {what}{', '.join(unknown) or repr(text)}: use {', '.join(allowed)}"
            )
        return list(dict.fromkeys(names))

    return parse


def rate(per_s: float) -> str:
    """A rate as '1.23 M' or '45.6 k'."""
    return f"{per_s / 1e6:.2f} M" if per_s >= 1e5 else f"{per_s / 1e3:.1f} k"


def size_name(size: int) -> str:
    """'64 B', '4 KiB', '1 MiB'."""
    for name, unit in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} B"


def print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    """A Markdown table: first column left-aligned, the others right-aligned."""
    widths = [max(len(r[c]) for r in [header, *rows]) for c in range(len(header))]

    def line(cells):
        cells = [
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "| " + " | ".join(cells) + " |"

    rule = ["-" * (w - 1) + ":" if i else ":" + "-" * (w - 1) for i, w in enumerate(widths)]
    print(f"### {title}\n")
    print("\n".join(line(r) for r in [header, rule, *rows]))
    print()
