#!/usr/bin/env python3
"""HTTP/1.1 load generator for POST requests against a running server.

Open loop, fixed rate; latency counts from each request's SCHEDULED send time,
so a server that falls behind cannot hide its queue (no coordinated omission):
    serve_load.py URL --rate 100 --duration 10 [--connections 32]
Closed loop, C workers sending back to back until N requests are done:
    serve_load.py URL --concurrency 8 --requests 2000
Both take --body FILE, --content-type (application/json), -H 'Name: value',
--timeout S (30), --processes P (split the load, merge the results), --json.
Example:
    serve_load.py 'http://127.0.0.1:8080/v1/render?format=pdf' \\
        --body Tests/Fixtures/spring-swing.json --rate 100 --duration 10

Reports sent, ok (2xx), failed (by status or error name, "timeout" included),
achieved rate or throughput, and p50/p90/p99/max latency of the 2xx responses.
Bodies with Content-Length, chunked or ended by close are read; keep-alive
connections are reused and a stale one reopened. Open-loop "lag" is how late
the client's own timers started requests (~1-3 ms on a VM, part of the
latency); lag p99 over 10 ms or client CPU near 100% means the client is the
bottleneck: add --processes. Standard library only.
"""
import argparse
import asyncio
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from urllib.parse import urlsplit


class Pool:
    """Up to `size` keep-alive connections to one server, shared by requests."""

    def __init__(self, url, size, request):
        self.host, self.port = url.hostname, url.port or 80
        self.slots = asyncio.Semaphore(size)
        self.idle = []
        self.request = request

    async def post(self):
        """Send the request once; return the response status."""
        async with self.slots:
            for attempt in range(2):
                reused = attempt == 0 and bool(self.idle)  # a retry always opens a new one
                reader, writer = self.idle.pop() if reused else await asyncio.open_connection(
                    self.host, self.port, limit=1 << 20)
                try:
                    writer.write(self.request)
                    status, keep = await read_response(reader)
                except BaseException as error:  # including cancellation by the timeout
                    writer.close()
                    lost = (ConnectionResetError, BrokenPipeError, asyncio.IncompleteReadError)
                    if reused and isinstance(error, lost) and not getattr(error, "partial", b""):
                        continue  # the server closed an idle connection: retry on a new one
                    raise
                if keep:
                    self.idle.append((reader, writer))
                else:
                    writer.close()
                return status


async def read_response(reader):
    """Read one response, discarding its body; return (status, keep_alive)."""
    while True:
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        version, status = head[0].split(" ", 2)[:2]
        status = int(status)
        fields = (line.partition(":") for line in head[1:])
        headers = {name.strip().lower(): value.strip().lower() for name, _, value in fields}
        if not 100 <= status < 200:
            break  # 1xx interim responses are followed by the real one
    connection = headers.get("connection", "")
    keep = "close" not in connection and (version != "HTTP/1.0" or "keep-alive" in connection)
    if status in (204, 304):
        return status, keep
    if "chunked" in headers.get("transfer-encoding", ""):
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            await reader.readexactly(size + 2)  # the chunk and its CRLF
        while await reader.readuntil(b"\r\n") != b"\r\n":
            pass  # trailers
    elif "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    else:
        await reader.read()  # the body runs until the server closes
        keep = False
    return status, keep


async def timed(pool, since, result, timeout):
    """Make one request, recording its latency from `since` (a loop time)."""
    loop = asyncio.get_running_loop()
    result["lags"].append(loop.time() - since)
    result["sent"] += 1
    try:
        status = await asyncio.wait_for(pool.post(), timeout)
        failure = None if 200 <= status < 300 else str(status)
    except asyncio.TimeoutError:
        failure = "timeout"
    except Exception as error:
        failure = type(error).__name__
    if failure:
        result["failed"][failure] += 1
    else:
        result["latencies"].append(loop.time() - since)


async def drive(job):
    loop = asyncio.get_running_loop()
    url, opts = urlsplit(job["url"]), job["opts"]
    pool = Pool(url, job["connections"], job["request"])
    result = {"sent": 0, "latencies": [], "lags": [], "failed": Counter()}
    await asyncio.sleep(max(0.0, job["start_at"] - time.time()))  # processes start together
    t0, cpu0 = loop.time(), time.process_time()
    if opts["rate"]:
        tasks, step = [], job["processes"] / opts["rate"]
        for i in range(job["count"]):
            scheduled = t0 + job["index"] / opts["rate"] + i * step
            if scheduled > loop.time():
                await asyncio.sleep(scheduled - loop.time())
            tasks.append(loop.create_task(timed(pool, scheduled, result, opts["timeout"])))
        await asyncio.gather(*tasks)
    else:
        left = [job["count"]]

        async def worker():
            while left[0] > 0:
                left[0] -= 1
                await timed(pool, loop.time(), result, opts["timeout"])
        await asyncio.gather(*(worker() for _ in range(job["connections"])))
    result["elapsed"] = loop.time() - t0
    result["cpu"] = (time.process_time() - cpu0) / max(result["elapsed"], 1e-9)
    for _, writer in pool.idle:
        writer.close()
    return result


def run_job(job):
    return asyncio.run(drive(job))


def share(total, parts, index):
    return total // parts + (1 if index < total % parts else 0)


def percentile(ordered, p):
    """The nearest-rank percentile of sorted seconds, in ms (None if empty)."""
    return round(ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] * 1000, 2) if ordered else None


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("--rate", type=float, help="open loop: requests per second")
    parser.add_argument("--duration", type=float, help="open loop: seconds")
    parser.add_argument("--connections", type=int, default=32, help="open loop: pool size (32)")
    parser.add_argument("--concurrency", type=int, help="closed loop: workers")
    parser.add_argument("--requests", type=int, help="closed loop: total requests")
    parser.add_argument("--body", help="file holding the request body")
    parser.add_argument("--content-type", default="application/json")
    parser.add_argument("-H", "--header", action="append", default=[], help="'Name: value'")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per request (30)")
    parser.add_argument("--processes", type=int, default=1, help="split the load over P processes")
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    opts = parser.parse_args()
    open_loop = opts.rate is not None and opts.duration is not None
    if open_loop == (opts.concurrency is not None and opts.requests is not None):
        parser.error("give either --rate and --duration, or --concurrency and --requests")
    url = urlsplit(opts.url)
    if url.scheme != "http" or not url.hostname:
        parser.error("URL must be http://host[:port]/path?query (no TLS)")
    body = open(opts.body, "rb").read() if opts.body else b""
    head = [f"POST {url.path or '/'}{'?' + url.query if url.query else ''} HTTP/1.1",
            f"Host: {url.netloc}", "User-Agent: serve_load.py", "Accept: */*",
            f"Content-Type: {opts.content_type}", f"Content-Length: {len(body)}", *opts.header]
    request = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body

    total = round(opts.rate * opts.duration) if open_loop else opts.requests
    if total < 1:
        parser.error("that is no request at all")
    workers = opts.connections if open_loop else opts.concurrency
    processes = max(1, min(opts.processes, workers, total))
    start_at = time.time() + (0.3 if processes > 1 else 0)
    settings = {"rate": opts.rate if open_loop else None, "timeout": opts.timeout}
    jobs = [{"url": opts.url, "request": request, "opts": settings, "start_at": start_at,
             "index": i, "processes": processes, "count": share(total, processes, i),
             "connections": max(1, share(workers, processes, i))} for i in range(processes)]
    if processes == 1:
        parts = [run_job(jobs[0])]
    else:
        with multiprocessing.Pool(processes) as pool:
            parts = pool.map(run_job, jobs)

    report(opts, open_loop, parts)


def report(opts, open_loop, parts):
    """Merge the processes' results and print them, as text or JSON."""
    latencies = sorted(x for p in parts for x in p["latencies"])
    lags = sorted(x for p in parts for x in p["lags"])
    failed = dict(sum((p["failed"] for p in parts), Counter()))
    elapsed = max(p["elapsed"] for p in parts)
    window = max(elapsed, opts.duration) if open_loop else elapsed
    latency = {k: percentile(latencies, q) for k, q in (("p50", 50), ("p90", 90), ("p99", 99), ("max", 100))}
    rate_key = "achieved_rps" if open_loop else "throughput_rps"
    result = {"mode": "open" if open_loop else "closed", "url": opts.url, "processes": len(parts),
              "sent": sum(p["sent"] for p in parts), "ok": len(latencies), "failed": failed,
              rate_key: round(len(latencies) / window, 1), "elapsed_s": round(elapsed, 3),
              "latency_ms": latency, "client_cpu_max": round(max(p["cpu"] for p in parts), 2)}
    if open_loop:
        result["lag_ms"] = {"p50": percentile(lags, 50), "p99": percentile(lags, 99)}
    if opts.json:
        print(json.dumps(result))
        return
    print(f"open loop {opts.rate:g} req/s for {opts.duration:g} s, {opts.connections} connections:"
          if open_loop else f"closed loop {opts.concurrency} workers, {opts.requests} requests:")
    print(f"  sent {result['sent']}, ok {result['ok']}, failed {sum(failed.values())}"
          f"{' ' + json.dumps(failed) if failed else ''}, {'achieved' if open_loop else 'throughput'}"
          f" {result[rate_key]} req/s, all done in {elapsed:.2f} s")
    print("  latency (2xx, ms" + (", from scheduled send" if open_loop else "") + "): " + ", ".join(
        f"{k} {'-' if v is None else f'{v:.1f}'}" for k, v in result["latency_ms"].items()))
    lag = "lag p50 {p50:.1f} ms, p99 {p99:.1f} ms, ".format(**result["lag_ms"]) if open_loop else ""
    print(f"  client: {lag}CPU {result['client_cpu_max']:.0%} (busiest of {len(parts)} process(es))")
    if result.get("lag_ms", {}).get("p99", 0) > 10 or (result["ok"] and result["client_cpu_max"] > 0.9):
        print("  warning: the client itself may be the bottleneck; try --processes", file=sys.stderr)


if __name__ == "__main__":
    main()
