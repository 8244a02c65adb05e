#!/usr/bin/env bash
# Makes the certificates the pass tests sign with, in the folder given, as Apple's are made: a root
# standing in for Apple's (testroot.pem), a WWDR intermediate under it, and Pass Type ID certificates
# whose subject holds the pass type identifier as its UID and the team identifier as its OU.
#   pass.pem (certificate then intermediate) + pass.key   a Pass Type ID certificate, valid now
#   expired.pem + pass.key                                the same key, a certificate that has expired
#   plain.pem + pass.key                                  the same key, a subject without UID and OU
#   other.key                                             a key that is none of these certificates'
#   encrypted.key + password.txt                          pass.key encrypted, and its password
set -euo pipefail
cd "$1"
subject_pass="/UID=pass.com.example.itinerary/CN=Pass Type ID: pass.com.example.itinerary/OU=ABCDE12345/O=Example Trips/C=US"
openssl req -x509 -newkey rsa:2048 -nodes -keyout root.key -out testroot.pem -days 3650 \
    -subj "/CN=Test Root CA standing in for Apple's/O=Itinerary Tests" \
    -addext "basicConstraints=critical,CA:true" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout wwdr.key -out wwdr.csr \
    -subj "/CN=Test Worldwide Developer Relations CA/OU=G4/O=Itinerary Tests" 2>/dev/null
printf 'basicConstraints=critical,CA:true\nkeyUsage=critical,keyCertSign,cRLSign\n' > ca.ext
openssl x509 -req -in wwdr.csr -CA testroot.pem -CAkey root.key -CAcreateserial -days 3650 -extfile ca.ext \
    -out wwdr.pem 2>/dev/null
openssl genrsa -out pass.key 2048 2>/dev/null
openssl genrsa -out other.key 2048 2>/dev/null
printf 'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=1.2.840.113635.100.4.14\n' > leaf.ext
leaf() {  # leaf NAME SUBJECT DAYS|expired
    openssl req -new -key pass.key -out "$1.csr" -subj "$2" 2>/dev/null
    if [ "$3" = expired ]; then
        # Valid for a day, two days ago: openssl x509 -req takes no start date, so a tiny CA of its own dates it.
        mkdir -p ca/newcerts && : > ca/index.txt && echo 01 > ca/serial
        printf '[ca]\ndefault_ca=t\n[t]\ndir=ca\ndatabase=ca/index.txt\nnew_certs_dir=ca/newcerts\nserial=ca/serial\ndefault_md=sha256\npolicy=p\ncopy_extensions=none\n[p]\ncommonName=supplied\n' > ca.cnf
        openssl ca -batch -config ca.cnf -cert wwdr.pem -keyfile wwdr.key -in "$1.csr" -out "$1.crt" \
            -startdate "$(date -u -d '-2 days' +%Y%m%d%H%M%SZ)" -enddate "$(date -u -d '-1 day' +%Y%m%d%H%M%SZ)" \
            -extfile leaf.ext -notext -preserveDN 2>/dev/null
    else
        openssl x509 -req -in "$1.csr" -CA wwdr.pem -CAkey wwdr.key -CAcreateserial -days "$3" -extfile leaf.ext \
            -out "$1.crt" 2>/dev/null
    fi
    cat "$1.crt" wwdr.pem > "$1.pem"
}
leaf pass "$subject_pass" 365
leaf expired "$subject_pass" expired
leaf plain "/CN=Not a pass certificate/O=Example Trips/C=US" 365
echo "a passphrase" > password.txt
openssl pkey -in pass.key -aes256 -passout file:password.txt -out encrypted.key 2>/dev/null
