"""Reading ``.evf`` files from Python."""

import logging
import os

from evflow._native import FileReader

log = logging.getLogger("evflow")


def open(path, skip_corrupt=False) -> FileReader:
    """Opens a file for random access: ``len(f)``, ``f[i]``, ``f.event(run, number)``.

    ``f.stopped`` and ``f.skipped_records`` are known once the records have been read in
    order (``for event in f``): before, ``None`` and ``[]`` even for a damaged file.
    """
    return FileReader(os.fsdecode(path), skip_corrupt=skip_corrupt)


def read(path, skip_corrupt=False):
    """Yields the events of a file in order.

    A file cut short (a crashed writer) yields its complete records and logs where it
    stopped; a corrupt record raises ``FormatError`` unless ``skip_corrupt=True``.
    """
    with FileReader(os.fsdecode(path), skip_corrupt=skip_corrupt) as reader:
        yield from reader
        if reader.stopped is not None:
            offset, reason = reader.stopped
            log.warning("%s: stopped at byte %d: %s", path, offset, reason)
        for offset, reason in reader.skipped_records:
            log.warning("%s: skipped corrupt record at byte %d: %s", path, offset, reason)


__all__ = ["open", "read"]
