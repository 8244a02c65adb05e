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
    static constexpr size_t key_size = 32;
    // The keystream's key for `seed`: SHA-256 of it.
    static void key_for(std::string_view seed, unsigned char key[key_size]);
    // The keystream under `key` (key_for's), from its start.
    explicit Random(unsigned char const key[key_size]);
    ~Random();
    Random(Random const &) = delete;
    Random &operator=(Random const &) = delete;
    void fill(unsigned char *out, size_t size);
    // How many bytes fill has given since the start: a Random made again from the key and skipping them goes on
    // where this one stands.
    size_t drawn() const {
        return drawn_;
    }
    void skip(size_t size);

  private:
    void start(unsigned char const key[key_size]);
    EVP_CIPHER_CTX *context_ = nullptr;
    unsigned char buffer_[4096];  // drawn a page at a time: one call per initialisation vector cost more than the AES
    size_t used_ = sizeof buffer_;
    size_t drawn_ = 0;
};

// What depends only on the passwords and the seed (algorithms 2.A, 2.B, 8, 9 and 10): the file key, and the /Encrypt
// dictionary with /U, /UE, /O, /OE and /Perms, its salts and /Perms' random bytes drawn from Random(seed). Also that
// Random's key and how far it drew, so that Encryption goes on with the same keystream for the initialisation
// vectors: a document encrypted from these Keys is, byte for byte, the one encrypted from the passwords and seed.
// Plain data, only read once made: it may be made on one thread and used on another. The slow part of encryption
// (the four runs of algorithm 2.B, about 2.6 ms).
class Keys {
  public:
    // Passwords as UTF-8 bytes, each cut to its first 127 bytes.
    Keys(std::string_view user_password, std::string_view owner_password, std::string_view seed);
    ~Keys();
    Keys(Keys const &) = delete;
    Keys &operator=(Keys const &) = delete;

  private:
    friend class Encryption;
    unsigned char file_key_[32];
    unsigned char random_key_[Random::key_size];
    size_t random_drawn_ = 0;
    std::string dictionary_;
};

class Encryption {
  public:
    // Passwords as UTF-8 bytes, each cut to its first 127 bytes; the seed gives the file key, the salts and every
    // initialisation vector. The same as Encryption(Keys(user_password, owner_password, seed)).
    Encryption(std::string_view user_password, std::string_view owner_password, std::string_view seed);
    // With keys derived before (on another thread, perhaps): only AES remains to be done. `keys` is only read, and
    // may be freed once this is made. Two documents encrypted from the same Keys would share the file key and the
    // initialisation vectors: one Keys, one document.
    explicit Encryption(Keys const &keys);
    ~Encryption();
    Encryption(Encryption const &) = delete;
    Encryption &operator=(Encryption const &) = delete;

    // /P: bits 3 (print), 5 (copy), 10 (extraction for accessibility, which PDF/UA-1 requires) and 12 (print at full
    // quality) set, as are the reserved bits 7, 8 and 13–32; modifying, annotating, filling forms and assembling off.
    static constexpr long permissions = -1324;

    // The /Encrypt dictionary as written: its strings are never encrypted.
    std::string const &dictionary() const {
        return dictionary_;
    }
    // The size of `size` bytes encrypted: a 16-byte initialisation vector, then whole blocks (PKCS #7 pads 1 to 16).
    static size_t encrypted_size(size_t size) {
        return 16 + (size / 16 + 1) * 16;
    }
    // Appends the encrypted `data`, encrypted_size(data.size()) bytes, to `out`: a fresh initialisation vector, then
    // AES-256-CBC with PKCS #7 padding (ISO 32000-2, 7.6.3.1). Strings and streams alike.
    void encrypt(std::string_view data, std::string &out);
    // Appends a string's bytes encrypted, as a hexadecimal string.
    void encrypt_string(std::string_view bytes, std::string &out);

  private:
    Random random_;                      // the keystream the Keys were drawn from, past what they drew
    unsigned char key_[32];              // the file encryption key
    EVP_CIPHER_CTX *context_ = nullptr;  // AES-256-CBC under key_, its initialisation vector set for each string
    std::string dictionary_;
    std::string scratch_;
};

}  // namespace finish
