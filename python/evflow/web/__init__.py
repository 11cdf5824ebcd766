"""The shift crew's web page (docs/web.md): ``evflow up FILE --web HOST:PORT`` and ``evflow run
STEER.py --web HOST:PORT`` serve it from the controller, over the objects ``evflow ctl`` and
the metrics read."""

import sys

from evflow.web.job import JobStatus
from evflow.web.server import Web, check_address, parse_address

__all__ = ["JobStatus", "Web", "check_address", "parse_address", "serve"]


def serve(where, **kwargs) -> Web:
    """Starts the page's server at ``where`` (``kwargs`` as ``Web`` takes them) and prints the
    operator's URL, with its token, on stderr: ``web: http://HOST:PORT/?token=TOKEN``."""
    web = Web(where, **kwargs)
    print(f"web: {web.url}", file=sys.stderr, flush=True)
    if not web.view.served["loopback"]:
        print(
            f"web: served on {web.view.served['host']}, not on loopback: whoever reaches it "
            "sees the farm (commands need the token)",
            file=sys.stderr,
            flush=True,
        )
    return web
