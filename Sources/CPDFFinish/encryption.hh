// Encryption of the finished file with PDF 2.0's standard security handler, AES-256 (ISO 32000-2, 7.6.4; /V 5 /R 6).
// The key derivation (algorithms 2.A, 2.B, 8, 9 and 10) is written here; every cryptographic primitive is OpenSSL's:
// AES-256-CBC for strings, streams, /UE and /OE, AES-256-ECB for /Perms, AES-128-CBC and SHA-256/384/512 inside
// algorithm 2.B, AES-256-CTR and SHA-256 for the bytes that must be random.
#pragma once

#include <openssl/types.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace finish {

// Bytes that look random, from the caller's seed: the AES-256-CTR keystream under SHA-256 of the seed. The finisher
// reads no clock and no random device, so the same seed gives the same file; the caller seeds it from the system's
// secure generator. Keystream blocks reveal nothing of one another, so the initialisation vectors written into the
// file say nothing of the file key drawn before them.
class Random {
  public:
    explicit Random(std::string_view seed);
    ~Random();
    Random(Random const &) = delete;
    Random &operator=(Random const &) = delete;
    void fill(unsigned char *out, size_t size);

  private:
    EVP_CIPHER_CTX *context_ = nullptr;
    unsigned char buffer_[4096];  // drawn a page at a time: one call per initialisation vector cost more than the AES
    size_t used_ = sizeof buffer_;
};

class Encryption {
  public:
    // Passwords as UTF-8 bytes, each cut to its first 127 bytes; the seed gives the file key, the salts and every
    // initialisation vector.
    Encryption(std::string_view user_password, std::string_view owner_password, std::string_view seed);
    ~Encryption();
    Encryption(Encryption const &) = delete;
    Encryption &operator=(Encryption const &) = delete;

    // /P: bits 3 (print), 5 (copy), 10 (extraction for accessibility, which PDF/UA-1 requires) and 12 (print at full
    // quality) set, as are the reserved bits 7, 8 and 13–32; modifying, annotating, filling forms and assembling off.
    static constexpr long permissions = -1324;

    // The /Encrypt dictionary as written: its strings are never encrypted.
    std::string const &dictionary() const { return dictionary_; }
    // The size of `size` bytes encrypted: a 16-byte initialisation vector, then whole blocks (PKCS #7 pads 1 to 16).
    static size_t encrypted_size(size_t size) { return 16 + (size / 16 + 1) * 16; }
    // Appends the encrypted `data`, encrypted_size(data.size()) bytes, to `out`: a fresh initialisation vector, then
    // AES-256-CBC with PKCS #7 padding (ISO 32000-2, 7.6.3.1). Strings and streams alike.
    void encrypt(std::string_view data, std::string &out);
    // Appends a string's bytes encrypted, as a hexadecimal string.
    void encrypt_string(std::string_view bytes, std::string &out);

  private:
    // Draws the file key and the salts, and computes the dictionary (algorithms 8, 9 and 10).
    void derive(std::string_view user, std::string_view owner);

    Random random_;
    unsigned char key_[32];            // the file encryption key
    EVP_CIPHER_CTX *context_ = nullptr;  // AES-256-CBC under key_, its initialisation vector set for each string
    std::string dictionary_;
    std::string scratch_;
};

}  // namespace finish
