"""A UCI engine process for the scripts: send a line, read up to a line.

Every read has a deadline, so a silent or dead engine ends the script with
a message instead of hanging it.
"""

import queue
import subprocess
import threading
import time


class UciEngine:
    """One engine process spoken to over UCI."""

    def __init__(self, command, options=None, timeout=60.0):
        self.timeout = timeout
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.send("uci")
        self.read_until(lambda line: line == "uciok")
        for name, value in (options or {}).items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        """The lines read up to and including the first for which `done` holds."""
        seen = []
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"{self.proc.args[0]}: no answer within {self.timeout} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError(f"{self.proc.args[0]} exited")
            seen.append(line)
            if done(line):
                return seen

    def sync(self):
        self.send("isready")
        self.read_until(lambda line: line == "readyok")

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
