#!/usr/bin/env python3
"""Drives `rocket-reserver` (interactive mode) through a pseudo-terminal against a real server:
types commands as a user would and reads the screen: list, next page, details, login, book,
a notification, cancel, quit. Every wait is bounded. Usage: test-interactive.py BIN_DIR"""
import os, pty, re, select, subprocess, sys, time

bin_dir = sys.argv[1]
server = subprocess.Popen([os.path.join(bin_dir, "rocket-reserver-server"), "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
try:
    url = None
    deadline = time.time() + 30
    while url is None and time.time() < deadline:
        line = server.stdout.readline()
        match = re.search(r"(http://\S+/graphql)", line)
        if match:
            url = match.group(1)
    assert url, "the server did not start"

    pid, fd = pty.fork()
    if pid == 0:
        os.execv(os.path.join(bin_dir, "rocket-reserver"), ["rocket-reserver", "--url", url])

    screen = ""
    consumed = 0

    def read_until(pattern, seconds=20):
        """Reads the terminal until `pattern` appears after the previous match; returns the text
        from there to the end of this match."""
        global screen, consumed
        end = time.time() + seconds
        while time.time() < end:
            match = re.search(pattern, screen[consumed:])
            if match:
                text = screen[consumed:consumed + match.end()]
                consumed += match.end()
                return text
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    screen += os.read(fd, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        raise AssertionError(f"waited {seconds}s for {pattern!r}; the screen ends with:\n{screen[-1500:]}")

    def type_line(text):
        os.write(fd, (text + "\n").encode())

    read_until(r"> ")
    type_line("list")
    page = read_until(r"type 'next' for more")
    first = re.findall(r"^(?:> )?(\d+)\s", page, re.M)
    assert len(first) == 10, f"a page of 10 launches: {page}"
    type_line("next")
    page2 = read_until(r"type 'next' for more")
    second = re.findall(r"^(?:> )?(\d+)\s", page2, re.M)
    assert len(second) == 10 and not set(first) & set(second), f"the next 10, new ones: {page2}"

    launch = first[0]
    type_line(f"details {launch}")
    details = read_until(r"booked: (yes|no)")
    assert f"Launch {launch}:" in details, details

    type_line(f"book {launch}")
    read_until(r"Not done: .*log in")

    type_line("login pty@example.com")
    read_until(r"Logged in as pty@example.com")
    type_line(f"book {launch}")
    read_until(r"Booked 1 trip")
    # The notification comes over the WebSocket, printed without a command.
    read_until(r"\[notification\] A new trip was booked!")
    type_line(f"details {launch}")
    read_until(r"booked: yes")
    type_line(f"cancel {launch}")
    read_until(r"Cancelled")
    type_line(f"details {launch}")
    read_until(r"booked: no")
    type_line("quit")
    read_until(r"Bye\.")
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"exit status {status}"
    print("ok: the interactive app listed, paged, showed details, logged in, booked, was notified, cancelled and quit")
finally:
    server.terminate()
    server.wait(timeout=10)
