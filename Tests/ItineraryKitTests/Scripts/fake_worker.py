#!/usr/bin/env python3
"""A render pool's worker that misbehaves, for RenderPoolFailureTests: it speaks the pool's
frames (a 4-byte big-endian length, then the bytes) on its standard input, a socket.

fake_worker.py MODE, MODE one of:
  never-ready    says nothing, reads nothing
  never-answers  ready, reads the request, then sleeps
  never-reads    ready, then sleeps without reading
  dies-mid-frame ready, reads the request, sends a frame's length and part of it, exits
  huge-length    ready, reads the request, sends a length of 4 GiB less 16, then sleeps
"""
import json
import os
import socket
import struct
import sys
import time

mode = sys.argv[1]
channel = socket.socket(fileno=os.dup(0))


def send(data: bytes) -> None:
    channel.sendall(struct.pack(">I", len(data)) + data)


def receive() -> bytes:
    def exactly(count: int) -> bytes:
        data = b""
        while len(data) < count:
            more = channel.recv(count - len(data))
            if not more:
                sys.exit(0)
            data += more
        return data

    (length,) = struct.unpack(">I", exactly(4))
    return exactly(length)


def sleep_forever() -> None:
    while True:
        time.sleep(60)


if mode == "never-ready":
    sleep_forever()
send(json.dumps({"ready": {"cairo": "fake", "locked": False}}).encode())
if mode == "never-reads":
    sleep_forever()
receive()  # the request
receive()  # the trip
if mode == "never-answers":
    sleep_forever()
if mode == "dies-mid-frame":
    channel.sendall(struct.pack(">I", 1000) + b"{" * 10)
    sys.exit(3)
if mode == "huge-length":
    channel.sendall(struct.pack(">I", 0xFFFFFFF0))
    sleep_forever()
sys.exit(f"fake_worker.py: unknown mode {mode}")
