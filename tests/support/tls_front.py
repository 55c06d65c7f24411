#!/usr/bin/env python3
"""A TLS reverse proxy as a host puts in front of coyote-master (docs/master.md#behind-tls):
it ends TLS with the certificate it is given, adds the peer's address to X-Forwarded-For and
forwards the request to the master over plain HTTP, then the answer back.

Usage: tls_front.py CERT KEY UPSTREAM_PORT PORT_FILE

Writes the port it listens on (127.0.0.1, any free one) to PORT_FILE, then one line per
connection: "handshake from ADDRESS" or "refused: WHY" (a client that did not trust it)."""

import os
import socket
import ssl
import sys
import threading

HEAD_LIMIT = 16 * 1024


def log(line):
    print(line, flush=True)


def read_head(conn):
    """The request line and headers, and what came after them."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk or len(data) > HEAD_LIMIT:
            return None, b""
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    return head, rest


def pipe(source, target):
    try:
        while True:
            chunk = source.recv(65536)
            if not chunk:
                break
            target.sendall(chunk)
    except OSError:
        pass


def serve(conn, peer, upstream_port):
    with conn:
        head, rest = read_head(conn)
        if head is None:
            return
        lines = head.split(b"\r\n")
        forwarded = [l for l in lines[1:] if not l.lower().startswith(b"x-forwarded-for:")]
        prior = [l.split(b":", 1)[1].strip() for l in lines[1:]
                 if l.lower().startswith(b"x-forwarded-for:")]
        chain = b", ".join(prior + [peer.encode()])
        request = b"\r\n".join([lines[0]] + forwarded + [b"X-Forwarded-For: " + chain])
        with socket.create_connection(("127.0.0.1", upstream_port), timeout=10) as up:
            up.sendall(request + b"\r\n\r\n" + rest)
            sender = threading.Thread(target=pipe, args=(conn, up), daemon=True)
            sender.start()
            pipe(up, conn)
        try:
            conn.unwrap()  # close_notify: the end of the answer, as a proxy says it
        except (OSError, ValueError):
            pass


def main():
    cert, key, upstream_port, port_file = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    with open(port_file + ".tmp", "w") as out:
        out.write(str(listener.getsockname()[1]))
    os.rename(port_file + ".tmp", port_file)
    while True:
        raw, address = listener.accept()
        raw.settimeout(10)
        try:
            conn = context.wrap_socket(raw, server_side=True)
        except (ssl.SSLError, OSError) as refused:
            log(f"refused: {refused}")
            raw.close()
            continue
        log(f"handshake from {address[0]}")
        threading.Thread(target=serve, args=(conn, address[0], upstream_port), daemon=True).start()


if __name__ == "__main__":
    main()
