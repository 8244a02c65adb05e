"""`itinerary serve --port 0` started for a benchmark: its port read from its log,
its log kept flowing (or it blocks on a full pipe), and /ready waited for."""
import json
import subprocess
import threading
import time
import urllib.request


def start(command, env=None, on_line=None):
    """Starts `command` (an `itinerary serve --port 0 …` list); returns the process and its base URL.
    `on_line` is given every later log line."""
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    port = None
    for line in server.stdout:
        if '"message":"listening"' in line:
            port = json.loads(line)["port"]
            break
    if port is None:
        raise SystemExit(f"{command[0]} serve did not start")
    threading.Thread(target=lambda: [on_line and on_line(line) for line in server.stdout], daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    for _ in range(1000):
        try:
            if urllib.request.urlopen(base + "/ready").status == 200:
                break
        except OSError:
            time.sleep(0.02)
    return server, base
