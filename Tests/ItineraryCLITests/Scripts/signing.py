#!/usr/bin/env python3
"""Certificates, a time-stamp authority and three independent checkers for signed PDFs (issue #51).

    signing.py pki DIR                  certificates and keys made here, for the tests (below)
    signing.py tsa DIR [--large] [--tls] [--evil stall|reset|garbage|replay]
                                        an RFC 3161 authority on 127.0.0.1: prints its port, answers until
                                        its standard input closes (at most 120 seconds); --large puts 16
                                        more certificates in each token (about 16 KB, more than a signed
                                        PDF makes room for at first); --tls serves https with tls.pem;
                                        --evil answers as an attacker would: never, with a reset, with bytes
                                        that are no answer, or with a good token of another signature
    signing.py sign DIR IN OUT          IN signed by pyHanko (PAdES, the chain.pem signer) into OUT: a signature
                                        this project did not write, for `itinerary verify`
    signing.py check DIR PDF [--password P] [--timestamped] [--broken]
                                        pyHanko 0.38 (validate_pdf_signature with the test's roots), poppler's
                                        pdfsig and `openssl cms -verify`: each must find the signature valid, or
                                        with --broken each must refuse it. One line per checker; exit 1 on any miss.

The certificates (Python's cryptography; RSA 2048 unless said): root (a CA) → intermediate (a CA) →
signer (digitalSignature and nonRepudiation, UID and OU in its subject), and beside it expired, future
(not yet valid), nousage (keyEncipherment alone), ec (P-256, its key SEC1), other.key (no certificate's),
signer keys as PKCS #8, encrypted PKCS #8 and encrypted traditional PEM (password in key-password);
tsa-root → tsa (critical extended key usage timeStamping), and tls.pem (for 127.0.0.1, issued by root: the
authority's TLS certificate with --tls). chain.pem is the signer then the intermediate; roots.pem the two roots.
"""

from __future__ import annotations

import datetime
import hashlib
import http.server
import json
import os
import subprocess
import sys
import socket
import struct
import threading
import time

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

PASSWORD = b"correct horse battery staple"


def name(common: str, **extra) -> x509.Name:
    attributes = [x509.NameAttribute(NameOID.COMMON_NAME, common)]
    if "org" in extra:
        attributes.append(x509.NameAttribute(NameOID.ORGANIZATION_NAME, extra["org"]))
    if "unit" in extra:
        attributes.append(x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, extra["unit"]))
    if "uid" in extra:
        attributes.append(x509.NameAttribute(NameOID.USER_ID, extra["uid"]))
    return x509.Name(attributes)


def certificate(subject, key, issuer_name, issuer_key, *, ca=False, usage="sign", days=(-1, 365), tsa=False,
                ip=None):
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now + datetime.timedelta(days=days[0]))
        .not_valid_after(now + datetime.timedelta(days=days[1]))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    flags = dict(
        digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
        key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False,
    )
    if ca:
        flags.update(key_cert_sign=True, crl_sign=True, digital_signature=True)
    elif usage == "sign":
        flags.update(digital_signature=True, content_commitment=True)
    else:
        flags.update(key_encipherment=True)
    builder = builder.add_extension(x509.KeyUsage(**flags), critical=True)
    if tsa:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
    if ip:
        import ipaddress
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address(ip))]),
                                        critical=False)
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def pem(cert) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def key_pem(key, fmt=serialization.PrivateFormat.TraditionalOpenSSL, password=None) -> bytes:
    encryption = serialization.BestAvailableEncryption(password) if password else serialization.NoEncryption()
    return key.private_bytes(serialization.Encoding.PEM, fmt, encryption)


def make_pki(folder: str) -> None:
    os.makedirs(folder, exist_ok=True)

    def write(file: str, data: bytes) -> None:
        with open(os.path.join(folder, file), "wb") as out:
            out.write(data)

    def rsa_key():
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)

    root_key, intermediate_key, signer_key = rsa_key(), rsa_key(), rsa_key()
    root = certificate(name("Itinerary Test Root"), root_key, name("Itinerary Test Root"), root_key, ca=True,
                       days=(-30, 3650))
    intermediate = certificate(name("Itinerary Test Issuing CA"), intermediate_key, root.subject, root_key, ca=True,
                               days=(-30, 3650))
    signer = certificate(name("Alpine Tours", org="Alpine Tours GmbH", unit="ABCDE12345", uid="pass.travel.alpine"),
                         signer_key, intermediate.subject, intermediate_key)
    write("root.pem", pem(root))
    write("chain.pem", pem(signer) + pem(intermediate))
    write("signer.pem", pem(signer))
    write("intermediate.pem", pem(intermediate))
    write("signer.key", key_pem(signer_key))
    write("signer-pkcs8.key", key_pem(signer_key, serialization.PrivateFormat.PKCS8))
    write("signer-encrypted.key", key_pem(signer_key, serialization.PrivateFormat.PKCS8, PASSWORD))
    write("signer-encrypted-traditional.key", key_pem(signer_key, password=PASSWORD))
    write("key-password", PASSWORD + b"\n")
    write("wrong-password", b"not the password\n")
    write("other.key", key_pem(rsa_key()))
    for file, days, usage in (("expired", (-30, -1), "sign"), ("future", (10, 400), "sign"),
                              ("nousage", (-1, 365), "encrypt")):
        key = rsa_key()
        cert = certificate(name(f"Alpine Tours ({file})"), key, intermediate.subject, intermediate_key, days=days,
                           usage=usage)
        write(f"{file}.pem", pem(cert) + pem(intermediate))
        write(f"{file}.key", key_pem(key))
    ec_key = ec.generate_private_key(ec.SECP256R1())
    write("ec.pem", pem(certificate(name("Alpine Tours EC"), ec_key, intermediate.subject, intermediate_key))
          + pem(intermediate))
    write("ec.key", key_pem(ec_key))
    tsa_root_key, tsa_key = rsa_key(), rsa_key()
    tsa_root = certificate(name("Itinerary Test TSA Root"), tsa_root_key, name("Itinerary Test TSA Root"),
                           tsa_root_key, ca=True, days=(-30, 3650))
    tsa = certificate(name("Itinerary Test TSA"), tsa_key, tsa_root.subject, tsa_root_key, tsa=True)
    write("tsa-root.pem", pem(tsa_root))
    write("tsa.pem", pem(tsa))
    write("tsa.key", key_pem(tsa_key, serialization.PrivateFormat.PKCS8))
    write("roots.pem", pem(root) + pem(tsa_root))
    tls_key = rsa_key()
    write("tls.pem", pem(certificate(name("127.0.0.1"), tls_key, root.subject, root_key, usage="encrypt",
                                     ip="127.0.0.1")))
    write("tls.key", key_pem(tls_key))
    write("not-a-certificate.pem", b"-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n")
    write("empty.pem", b"nothing here\n")


def serve_tsa(folder: str, large: bool, tls: bool, evil: str | None) -> None:
    from asn1crypto import keys as asn1_keys, tsp, x509 as asn1_x509
    from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

    with open(os.path.join(folder, "tsa.pem"), "rb") as f:
        cert = asn1_x509.Certificate.load(x509.load_pem_x509_certificate(f.read()).public_bytes(
            serialization.Encoding.DER))
    with open(os.path.join(folder, "tsa.key"), "rb") as f:
        key = serialization.load_pem_private_key(f.read(), password=None)
    key_info = asn1_keys.PrivateKeyInfo.load(key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    extra = []
    if large:
        filler = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        for index in range(16):
            made = certificate(name(f"Itinerary Test Filler {index}"), filler, name("Itinerary Test TSA Root"), key)
            extra.append(asn1_x509.Certificate.load(made.public_bytes(serialization.Encoding.DER)))
    stamper = DummyTimeStamper(tsa_cert=cert, tsa_key=key_info, certs_to_embed=extra)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            length = int(self.headers.get("Content-Length", "0"))
            if self.headers.get("Content-Type") != "application/timestamp-query" or length > 65536:
                self.send_error(400)
                return
            request = tsp.TimeStampReq.load(self.rfile.read(length))
            if evil == "stall":
                time.sleep(60)
                return
            if evil == "reset":
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
                return
            if evil == "replay":
                # A good token, with the query's nonce, of another signature's value.
                other = hashlib.sha256(b"another signature").digest()
                request = tsp.TimeStampReq({
                    "version": 1, "nonce": request["nonce"], "cert_req": True,
                    "message_imprint": tsp.MessageImprint({"hash_algorithm": {"algorithm": "sha256"},
                                                           "hashed_message": other}),
                })
            answer = b"not a time-stamp response" if evil == "garbage" else \
                stamper.request_tsa_response(request).dump()
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if tls:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(folder, "tls.pem"), os.path.join(folder, "tls.key"))
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    # Until the test closes our input, and never past two minutes.
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait(120)
    server.shutdown()


def sign_with_pyhanko(folder: str, source: str, target: str) -> None:
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    signer = signers.SimpleSigner.load(os.path.join(folder, "signer.key"), os.path.join(folder, "signer.pem"),
                                       ca_chain_files=(os.path.join(folder, "intermediate.pem"),))
    with open(source, "rb") as f:
        writer = IncrementalPdfFileWriter(f, strict=False)
        with open(target, "wb") as out:
            signers.sign_pdf(writer, signers.PdfSignatureMetadata(field_name="Theirs",
                                                                     subfilter=fields.SigSeedSubFilter.PADES), signer=signer,
                             output=out)


def check_pyhanko(folder: str, data: bytes, password: str | None, timestamped: bool) -> str | None:
    import io

    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.status import SignatureCoverageLevel
    from pyhanko_certvalidator import ValidationContext
    from pyhanko.keys import load_cert_from_pemder

    reader = PdfFileReader(io.BytesIO(data), strict=False)
    if password is not None:
        reader.decrypt(password.encode())
    if len(reader.embedded_signatures) != 1:
        return f"{len(reader.embedded_signatures)} signatures"
    embedded = reader.embedded_signatures[0]
    root = load_cert_from_pemder(os.path.join(folder, "root.pem"))
    tsa_root = load_cert_from_pemder(os.path.join(folder, "tsa-root.pem"))
    status = validate_pdf_signature(
        embedded, ValidationContext(trust_roots=[root]),
        ts_validation_context=ValidationContext(trust_roots=[tsa_root]))
    if embedded.sig_object["/SubFilter"] != "/ETSI.CAdES.detached":
        return f"/SubFilter {embedded.sig_object['/SubFilter']}"
    attributes = {a["type"].native for a in embedded.signer_info["signed_attrs"]}
    if attributes != {"content_type", "message_digest", "signing_certificate_v2"}:
        return f"signed attributes {sorted(attributes)} (PAdES baseline: content_type, message_digest, " \
               "signing_certificate_v2)"
    problems = []
    if not status.intact:
        problems.append("not intact")
    if not status.valid:
        problems.append("not valid")
    if not status.trusted:
        problems.append("not trusted")
    if status.coverage != SignatureCoverageLevel.ENTIRE_FILE:
        problems.append(f"coverage {status.coverage}")
    if timestamped:
        tst = status.timestamp_validity
        if tst is None or not tst.valid or not tst.trusted or not tst.intact:
            problems.append(f"time stamp {tst}")
    elif status.timestamp_validity is not None:
        problems.append("a time stamp where none was asked for")
    return ", ".join(problems) or None


def check_pdfsig(data_path: str, password: str | None) -> str | None:
    arguments = ["pdfsig", "-nocert", "-no-ocsp"] + (["-upw", password] if password else []) + [data_path]
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=60)
    out = result.stdout
    if "Signature Validation: Signature is Valid." not in out or "Total document signed" not in out \
            or "ETSI.CAdES.detached" not in out:
        return " ".join((out + result.stderr).split())
    return None


def check_openssl(folder: str, data: bytes) -> str | None:
    # The content and the CMS, as the file's one /ByteRange (numbers: never encrypted) says.
    import tempfile

    start = data.rfind(b"/ByteRange[")
    if start < 0:
        return "no /ByteRange"
    numbers = data[start + len(b"/ByteRange["):data.index(b"]", start)].split()
    a, b, c, d = (int(n) for n in numbers)
    content = data[a:a + b] + data[c:c + d]
    der = bytes.fromhex(data[a + b + 1:c - 1].decode())
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "content"), "wb") as f:
            f.write(content)
        with open(os.path.join(tmp, "sig.der"), "wb") as f:
            f.write(der)
        result = subprocess.run(
            ["openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", os.path.join(tmp, "sig.der"),
             "-content", os.path.join(tmp, "content"), "-CAfile", os.path.join(folder, "root.pem"),
             "-purpose", "any", "-out", os.devnull],
            capture_output=True, text=True, timeout=60)
    if result.returncode != 0 or "Verification successful" not in result.stderr:
        return " ".join(result.stderr.split())
    return None


def check(folder: str, path: str, password: str | None, timestamped: bool, broken: bool) -> int:
    with open(path, "rb") as f:
        data = f.read()
    misses = 0
    for checker, run in (
        ("pyHanko", lambda: check_pyhanko(folder, data, password, timestamped)),
        ("pdfsig", lambda: check_pdfsig(path, password)),
        ("openssl cms -verify", lambda: check_openssl(folder, data)),
    ):
        try:
            problem = run()
        except Exception as error:  # a checker that refuses by raising refuses
            problem = f"{type(error).__name__}: {' '.join(str(error).split())}"
        if broken:
            print(f"{checker}: {'refused: ' + problem if problem else 'ACCEPTED a changed file'}")
            misses += problem is None
        else:
            print(f"{checker}: {'FAILED: ' + problem if problem else 'valid'}")
            misses += problem is not None
    return 1 if misses else 0


def main() -> int:
    mode, folder = sys.argv[1], sys.argv[2]
    if mode == "pki":
        make_pki(folder)
        return 0
    if mode == "tsa":
        rest = sys.argv[3:]
        serve_tsa(folder, "--large" in rest, "--tls" in rest, rest[rest.index("--evil") + 1] if "--evil" in rest else None)
        return 0
    if mode == "sign":
        sign_with_pyhanko(folder, sys.argv[3], sys.argv[4])
        return 0
    if mode == "check":
        rest = sys.argv[4:]
        password = rest[rest.index("--password") + 1] if "--password" in rest else None
        return check(folder, sys.argv[3], password, "--timestamped" in rest, "--broken" in rest)
    print(f"signing.py: unknown mode {mode}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
