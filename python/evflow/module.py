"""The Python base classes of a path's steps: ``Module`` and ``Source``."""


class Module:
    """A step of a path. Override the hooks you need; ``event`` returning False rejects.

    ``parallel_safe = True`` lets the module run in many worker processes at once.
    ``sees_failed = True`` lets it see events flagged ``failed`` (outputs do).
    ``resumable = False``: it keeps state that a sink restarted after its process died cannot
    rebuild (histograms it fills, a file it cannot continue), so its device may not have
    ``restart = "always"`` (docs/topology.md), and a resumed job (``--resume``) is refused
    unless it goes on from its own output: it has ``recover()`` (docs/steering.md, "Resuming
    a job").
    """

    parallel_safe = False
    sees_failed = False
    resumable = True
    checkpoint_every = None  # seconds: a job checkpoints every module this often (at cuts)
    name = None  # shown in statistics and errors; the class name when None

    def initialize(self):
        """Called once before the first event."""

    def begin_run(self, run):
        """Called before the first event of each run."""

    def event(self, event):
        """Called for each event; return False to reject it."""
        return True

    def end_run(self, run):
        """Called after the last event of each run."""

    def terminate(self):
        """Called once at the end of the job, also after an error, if initialize ran."""

    def checkpoint(self):
        """In a sink restarted when it dies (``restart = "always"``): called before the events
        it has seen are acknowledged upstream; make what they left outlive the process (flush
        a file you write). Also called at the checkpoints a job takes when a module asks for
        them (``checkpoint_every``, docs/root.md): between two events in a job of one process;
        in a parallel job, in the output process at a cut (every event before it went through
        every process, none after it was read)."""

    def part_files(self) -> list:
        """The files it writes under a temporary name until ``terminate`` (paths as the user
        gave them): the error reporting a killed process names those it left."""
        return []


class Source:
    """The first step of a path: ``events()`` yields ``evflow.Event`` objects."""

    is_source = True
    name = None
    expected_events = None  # how many events events() will yield, when known

    def initialize(self):
        """Called once before the first event."""

    def events(self):
        """Yields the job's events."""
        raise NotImplementedError(f"{type(self).__name__} must define events()")

    # A resumed job (docs/steering.md, "Resuming a job") uses two more methods if a source
    # defines them:
    #   seek(self, position) -> bool: called once after initialize, before the first event
    #       is drawn from events(): True when events() will start at input position
    #       `position` (from 0); without it the job reads and drops the events before it.
    #   identity(self): JSON-able values saying what it reads (file names, sizes,
    #       checksums); a resume over a source that says otherwise is refused.

    def terminate(self):
        """Called once at the end of the job, also after an error, if initialize ran."""


def resume_refused(step) -> bool:
    """Whether a resumed job (``--resume``) is refused for ``step``: it keeps what a new
    process cannot rebuild (``resumable = False``) and cannot go on from its own output (it
    has no ``recover()``)."""
    goes_on = callable(getattr(step, "recover", None))
    return getattr(step, "resumable", True) is False and not goes_on
