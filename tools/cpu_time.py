"""CPU time of a command and of every process it starts, for timing the test loop on a loaded
machine (where wall time says more about the other jobs than about the tests). Linux only.

    python3 tools/cpu_time.py .venv/bin/python -m pytest -m "not slow"

`/usr/bin/time` counts only the children a process waited for; the tests keep Apertium pipelines
running and never wait for them, so their CPU would be missed. Here this process becomes a child
subreaper: those orphans are handed to it when the command ends, and it waits for them, so their
time is counted too.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print("cpu_time: cannot become a child subreaper (Linux only)", file=sys.stderr)
        return 2
    start = time.perf_counter()
    code = subprocess.call(argv)
    wall = time.perf_counter() - start
    while True:  # the orphans: pipelines that end once the command's pipes are closed
        try:
            os.wait()
        except ChildProcessError:
            break
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"cpu_time: user {used.ru_utime:.1f} s + sys {used.ru_stime:.1f} s = {used.ru_utime + used.ru_stime:.1f} s "
          f"CPU; wall {wall:.1f} s; load average {os.getloadavg()[0]:.1f}; exit {code}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
