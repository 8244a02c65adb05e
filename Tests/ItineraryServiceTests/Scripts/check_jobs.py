#!/usr/bin/env python3
"""Queued renders and their callbacks, checked by the Standard Webhooks
specification's own verifier (PyPI `standardwebhooks`), against a receiver on
loopback that this script runs.

Usage: check_jobs.py PORT SECRET_FILE TRIP
The service on 127.0.0.1:PORT runs with --webhook-secret SECRET_FILE,
--callback-allow 127.0.0.1, --delivery-backoff 0.2, --delivery-attempts 3 and
--delivery-timeout 1.
With ITINERARY_TEST_KEY set (a service started with --api-keys), every request carries
`Authorization: Bearer` that key.
Prints `ok: …` per check; exits 1 at the first failure.
"""
import base64
import http.server
import json
import os
import socket
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import standardwebhooks
from standardwebhooks.webhooks import hmac_data

PORT, SECRET_FILE, TRIP = int(sys.argv[1]), sys.argv[2], sys.argv[3]
BASE = f"http://127.0.0.1:{PORT}"
VERIFIER = standardwebhooks.Webhook(open(SECRET_FILE).read().strip())
TRIP_BYTES = open(TRIP, "rb").read()

# Each receiver path answers with its statuses in turn (the last one repeated).
SCRIPTS = {"/ok": [200], "/flaky": [503, 200], "/busy": [429, 200], "/reject": [400], "/down": [503],
           "/redirect": [302], "/event": [200], "/gone": [410], "/slow": [200]}
received = []  # (path, time, headers, body)
counts = {}
lock = threading.Lock()


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        path = urllib.parse.urlsplit(self.path).path
        with lock:
            counts[path] = counts.get(path, 0) + 1
            script = SCRIPTS.get(path, [404])
            status = script[min(counts[path], len(script)) - 1]
            received.append((path, time.monotonic(), {k.lower(): v for k, v in self.headers.items()}, body))
            first_slow = path == "/slow" and counts[path] == 1
        if first_slow:
            time.sleep(3)  # past the service's --delivery-timeout of 1 s: that attempt times out
        self.send_response(status)
        if status == 429:
            self.send_header("Retry-After", "1")
        if status == 302:
            self.send_header("Location", "/ok")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=receiver.serve_forever, daemon=True).start()
HOOK = f"http://127.0.0.1:{receiver.server_address[1]}"


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def request(method, path, body=None, headers=None):
    headers = dict(headers or {})
    if os.environ.get("ITINERARY_TEST_KEY"):
        headers["Authorization"] = "Bearer " + os.environ["ITINERARY_TEST_KEY"]
    req = urllib.request.Request(BASE + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def submit(query, body=TRIP_BYTES, headers=None):
    return request("POST", "/v1/jobs?" + query, body, {"Content-Type": "application/json", **(headers or {})})


def wait_for(job, statuses, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, _, body = request("GET", f"/v1/jobs/{job}")
        answer = json.loads(body)
        if answer["status"] in statuses:
            return answer
        time.sleep(0.05)
    fail(f"job {job} is still {answer['status']} after {seconds} s, not {statuses}")


def deliveries(path):
    with lock:
        return [r for r in received if r[0] == path]


def verified(record, json_parse):
    """The callback checked by standardwebhooks. Its Python verify() decodes the body as UTF-8 (1.1.0),
    so a PDF or PNG is checked with the library's own key and HMAC over the exact bytes instead."""
    _, _, headers, body = record
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
        expected = "v1," + base64.b64encode(hmac_data(VERIFIER._whsecret, signed)).decode()
        if expected not in headers["webhook-signature"].split(" ") \
                or abs(time.time() - int(headers["webhook-timestamp"])) > 300:
            fail(f"a binary callback's signature does not verify ({headers})")
        return None
    try:
        return VERIFIER.verify(body, headers, json_parse=json_parse)
    except Exception as error:  # the verifier's own exceptions
        fail(f"standardwebhooks refused a callback: {error!r} ({headers})")


# 1. A PDF delivered at once, signed.
status, headers, body = submit(f"format=pdf&callback={HOOK}/ok")
answer = json.loads(body)
if status != 202 or headers.get("Location") != f"/v1/jobs/{answer['id']}" or answer["status"] != "queued":
    fail(f"a submission answered {status} {headers} {answer}")
done = wait_for(answer["id"], {"delivered", "failed"})
if done["status"] != "delivered" or done["attempts"] != 1:
    fail(f"the PDF job ended {done}")
(record,) = deliveries("/ok")
verified(record, json_parse=False)
if not record[3].startswith(b"%PDF") or record[2]["content-type"] != "application/pdf" \
        or record[2]["webhook-id"] != answer["id"] or "filename=" not in record[2].get("content-disposition", ""):
    fail(f"the PDF callback had {record[2]}")
print("ok: a PDF job delivered once, its signature checked with standardwebhooks' key and HMAC over the bytes, webhook-id the job's id")

# 2. 503 then 200: delivered on the second attempt, the same webhook-id, each attempt signed.
status, _, body = submit(f"format=md&callback={HOOK}/flaky")
job = json.loads(body)["id"]
done = wait_for(job, {"delivered", "failed"})
attempts = deliveries("/flaky")
if done["status"] != "delivered" or done["attempts"] != 2 or len(attempts) != 2:
    fail(f"the flaky receiver's job ended {done} after {len(attempts)} posts")
for record in attempts:
    verified(record, json_parse=False)
if {r[2]["webhook-id"] for r in attempts} != {job}:
    fail("the retries did not keep the webhook-id")
print("ok: 503 then 200 delivered on the second attempt, the same webhook-id, both verified")

# 3. 429 with Retry-After: 1: the next attempt waits at least a second (the backoff alone is 0.2 s).
status, _, body = submit(f"format=html&callback={HOOK}/busy")
job = json.loads(body)["id"]
done = wait_for(job, {"delivered", "failed"})
attempts = deliveries("/busy")
if done["status"] != "delivered" or len(attempts) != 2 or attempts[1][1] - attempts[0][1] < 0.95:
    fail(f"429's Retry-After was not honoured: {[round(r[1] - attempts[0][1], 2) for r in attempts]}, {done}")
print(f"ok: 429 with Retry-After: 1 waited {attempts[1][1] - attempts[0][1]:.2f} s before the next attempt")

# 4. 400: failed at once, the status saying why; 302: not followed; 503 always: given up after 3.
with socket.socket() as closed:  # a port nobody listens on: bound, never listening
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    for url, attempts_expected, words in ((f"{HOOK}/reject", 1, "400"), (f"{HOOK}/gone", 1, "410"),
                                          (f"{HOOK}/redirect", 1, "redirect"), (f"{HOOK}/down", 3, "gave up"),
                                          (f"http://127.0.0.1:{closed_port}/hook", 3, "could not be reached")):
        status, _, body = submit(f"format=md&callback={url}")
        job = json.loads(body)["id"]
        done = wait_for(job, {"delivered", "failed"})
        if done["status"] != "failed" or done["attempts"] != attempts_expected or words not in (done["error"] or ""):
            fail(f"{url}: the job ended {done}")
        if url.endswith("/redirect") and deliveries("/ok")[1:]:
            fail("a redirect was followed")
print("ok: 400 and 410 failed after one attempt, 302 not followed, 503 and a closed port given up after 3 "
      "attempts, each saying why")

# A receiver slower than --delivery-timeout: that attempt times out and the next one delivers.
status, _, body = submit(f"format=md&callback={HOOK}/slow")
job = json.loads(body)["id"]
done = wait_for(job, {"delivered", "failed"})
if done["status"] != "delivered" or done["attempts"] != 2 or len(deliveries("/slow")) != 2:
    fail(f"the slow receiver's job ended {done}")
print("ok: a receiver slower than the delivery timeout got a second attempt, which delivered")

# 5. A render that fails after queueing (a PNG page past the last): a signed failure event.
status, _, body = submit(f"format=png&page=99&callback={HOOK}/event")
job = json.loads(body)["id"]
done = wait_for(job, {"delivered", "failed"})
(record,) = deliveries("/event")
event = verified(record, json_parse=True)
if done["status"] != "failed" or record[2]["content-type"] != "application/json" \
        or event["type"] != "render.failed" or event["data"]["id"] != job or "page 99" not in event["data"]["problem"]["detail"]:
    fail(f"the failure event was {event}, the job {done}")
print("ok: a render that failed after queueing was delivered as a signed render.failed event")

# 6. No callback: polled, then the document fetched.
status, _, body = submit("format=pdf")
job = json.loads(body)["id"]
done = wait_for(job, {"delivered", "failed"})
status, headers, document = request("GET", done["document"])
if status != 200 or not document.startswith(b"%PDF") or headers.get("Content-Type") != "application/pdf":
    fail(f"the polled document answered {status} {headers}")
status, _, _ = request("GET", "/v1/jobs/job_0123456789abcdef0123456789abcdef")
if status != 404:
    fail(f"an unknown job answered {status}")
print("ok: a job without a callback polled until delivered, its document fetched; an unknown id is 404")

# 7. Idempotency-Key: the same request gives the first job; another request with the key, 422.
key = {"Idempotency-Key": "order-4711"}
first = json.loads(submit("format=md", headers=key)[2])["id"]
status, _, body = submit("format=md", headers=key)
again = json.loads(body)["id"]
status_other, _, _ = submit("format=html", headers=key)
if status != 202 or again != first or status_other != 422:
    fail(f"Idempotency-Key: {first} then {again} ({status}), another request {status_other}")
print("ok: a repeated Idempotency-Key gave the first job; the key with another request, 422")

# 8. Refused at submission with one sentence, and no job made.
before = len(received)
for query, words in ((f"format=pdf&callback=http://169.254.169.254/latest", "metadata"),
                     ("format=pdf&callback=http://10.1.2.3/hook", "private"),
                     ("format=pdf&callback=http://[::1]:9/hook", "loopback"),
                     ("format=pdf&callback=ftp://example.com/x", "http or https"),
                     ("format=pdf&callback=http://example.com/" + "a" * 2100, "2048"),
                     ("format=nope&callback=" + HOOK + "/ok", "format")):
    status, _, body = submit(query)
    problem = json.loads(body)
    if status != 400 or words not in problem["detail"] or problem["detail"].count(". ") > 1:
        fail(f"{query[:80]}: {status} {problem}")
status, _, body = submit(f"format=pdf&callback={HOOK}/ok", body=b'{"format":"itinerary/v1"}')
if status != 422:
    fail(f"a bad trip answered {status}")
time.sleep(0.5)
if len(received) != before:
    fail("a refused submission was delivered")
print("ok: metadata, private, loopback, ftp and over-long callbacks, a bad format and a bad trip refused, no job made")
