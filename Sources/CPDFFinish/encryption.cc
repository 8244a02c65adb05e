// The standard security handler's AES-256 revision (ISO 32000-2, 7.6.4.3.3–4, 7.6.4.4.10–12): what /U, /UE, /O, /OE
// and /Perms hold, and the encryption of each string and stream (7.6.3). Only the order of the steps is written here;
// AES, SHA-2 and the keystream are OpenSSL's (EVP), never hand-written.
#include "encryption.hh"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>

#include "pdf_document.hh"

namespace finish {
namespace {

[[noreturn]] void openssl_failed() {
    throw Failure{"OpenSSL cannot encrypt the PDF"};
}

// A cipher context, freed on every path out.
struct Context {
    EVP_CIPHER_CTX *p = EVP_CIPHER_CTX_new();
    Context() {
        if (!p) openssl_failed();
    }
    ~Context() {
        EVP_CIPHER_CTX_free(p);
    }
    Context(Context const &) = delete;
    Context &operator=(Context const &) = delete;
};

void digest(EVP_MD const *md, void const *data, size_t size, unsigned char *out, unsigned int &out_size) {
    if (!EVP_Digest(data, size, out, &out_size, md, nullptr)) openssl_failed();
}

// Encrypts whole blocks without padding (the key derivation's own uses of AES). `size` is a multiple of 16.
void encrypt_blocks(EVP_CIPHER_CTX *context, EVP_CIPHER const *cipher, unsigned char const *key,
                    unsigned char const *iv, unsigned char const *in, size_t size, unsigned char *out) {
    int written = 0, last = 0;
    if (size > INT_MAX || !EVP_EncryptInit_ex(context, cipher, nullptr, key, iv) ||
        !EVP_CIPHER_CTX_set_padding(context, 0) ||
        !EVP_EncryptUpdate(context, out, &written, in, static_cast<int>(size)) ||
        !EVP_EncryptFinal_ex(context, out + written, &last) || static_cast<size_t>(written + last) != size)
        openssl_failed();
}

// Algorithm 2.B: the hash of a password with an 8-byte salt and, for the owner's, the 48 bytes of /U. 64 rounds of
// AES-128-CBC over 64 copies of (password, K, /U), each round's SHA-2 chosen by the first 16 bytes of its output mod 3,
// then more rounds until the output's last byte is at most the round number less 32. The rounds are counted from 1:
// the first SHA-256 is round 0 (qpdf's and pdf.js's reading too).
void hash_2b(std::string_view password, unsigned char const *salt, std::string_view user_key, unsigned char out[32]) {
    unsigned char k[EVP_MAX_MD_SIZE];
    unsigned int k_size = 0;
    std::string input(password);
    input.append(reinterpret_cast<char const *>(salt), 8);
    input += user_key;
    digest(EVP_sha256(), input.data(), input.size(), k, k_size);
    Context context;
    std::string k1, e;
    for (unsigned round = 1;; ++round) {
        k1.assign(password);
        k1.append(reinterpret_cast<char const *>(k), k_size);
        k1 += user_key;
        size_t unit = k1.size();
        k1.resize(unit * 64);  // 64 copies: a multiple of 16 bytes, so no padding
        for (size_t copy = 1; copy < 64; ++copy) std::memcpy(&k1[copy * unit], k1.data(), unit);
        e.resize(k1.size());
        auto *e_bytes = reinterpret_cast<unsigned char *>(&e[0]);
        encrypt_blocks(context.p, EVP_aes_128_cbc(), k, k + 16, reinterpret_cast<unsigned char const *>(k1.data()),
                       k1.size(), e_bytes);
        // The first 16 bytes as a big-endian number mod 3: 256 is 1 mod 3, so the sum of the bytes mod 3.
        unsigned sum = 0;
        for (int i = 0; i < 16; ++i) sum += e_bytes[i];
        EVP_MD const *next = sum % 3 == 0 ? EVP_sha256() : sum % 3 == 1 ? EVP_sha384() : EVP_sha512();
        digest(next, e_bytes, e.size(), k, k_size);
        if (round >= 64 && e_bytes[e.size() - 1] <= round - 32) break;
    }
    std::memcpy(out, k, 32);
    OPENSSL_cleanse(k, sizeof k);
    OPENSSL_cleanse(&k1[0], k1.size());
}

void append_hex(unsigned char const *bytes, size_t size, std::string &out) {
    static char const digits[] = "0123456789ABCDEF";
    out += '<';
    for (size_t i = 0; i < size; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    out += '>';
}

// Passwords are cut to 127 bytes (ISO 32000-2, 7.6.4.3.3), even inside a character, as every reader cuts them.
std::string_view cut(std::string_view password) {
    return password.substr(0, 127);
}

}  // namespace

void Random::key_for(std::string_view seed, unsigned char key[key_size]) {
    unsigned char hash[EVP_MAX_MD_SIZE];
    unsigned int hash_size = 0;
    digest(EVP_sha256(), seed.data(), seed.size(), hash, hash_size);
    std::memcpy(key, hash, key_size);
    OPENSSL_cleanse(hash, sizeof hash);
}

Random::Random(unsigned char const key[key_size]) {
    start(key);
}

void Random::start(unsigned char const key[key_size]) {
    unsigned char const counter[16] = {};
    context_ = EVP_CIPHER_CTX_new();
    if (!context_ || !EVP_EncryptInit_ex(context_, EVP_aes_256_ctr(), nullptr, key, counter)) {
        EVP_CIPHER_CTX_free(context_);
        openssl_failed();
    }
}

Random::~Random() {
    OPENSSL_cleanse(buffer_, sizeof buffer_);
    EVP_CIPHER_CTX_free(context_);
}

void Random::fill(unsigned char *out, size_t size) {
    drawn_ += size;
    while (size > 0) {
        if (used_ == sizeof buffer_) {  // the keystream is AES-CTR of zeros
            std::memset(buffer_, 0, sizeof buffer_);
            int written = 0;
            if (!EVP_EncryptUpdate(context_, buffer_, &written, buffer_, sizeof buffer_) || written != sizeof buffer_)
                openssl_failed();
            used_ = 0;
        }
        size_t take = std::min(size, sizeof buffer_ - used_);
        std::memcpy(out, buffer_ + used_, take);
        used_ += take;
        out += take;
        size -= take;
    }
}

void Random::skip(size_t size) {
    unsigned char discard[64];
    for (; size > 0;) {
        size_t take = std::min(size, sizeof discard);
        fill(discard, take);
        size -= take;
    }
    OPENSSL_cleanse(discard, sizeof discard);
}

Keys::Keys(std::string_view user_password, std::string_view owner_password, std::string_view seed) {
    Random::key_for(seed, random_key_);
    try {
        Random random(random_key_);
        std::string_view user = cut(user_password), owner = cut(owner_password);
        random.fill(file_key_, sizeof file_key_);
        unsigned char user_salts[16], owner_salts[16];  // validation salt, then key salt
        random.fill(user_salts, sizeof user_salts);
        random.fill(owner_salts, sizeof owner_salts);
        unsigned char const zero_iv[16] = {};
        Context context;
        unsigned char intermediate[32];

        // Algorithm 8: /U is the hash of the user password and its validation salt, then both salts; /UE the file
        // key encrypted under the hash of the password and the key salt.
        unsigned char u[48], ue[32];
        hash_2b(user, user_salts, {}, u);
        std::memcpy(u + 32, user_salts, 16);
        hash_2b(user, user_salts + 8, {}, intermediate);
        encrypt_blocks(context.p, EVP_aes_256_cbc(), intermediate, zero_iv, file_key_, 32, ue);

        // Algorithm 9: the same for the owner password, each hash also over the 48 bytes of /U.
        std::string_view u_bytes(reinterpret_cast<char const *>(u), 48);
        unsigned char o[48], oe[32];
        hash_2b(owner, owner_salts, u_bytes, o);
        std::memcpy(o + 32, owner_salts, 16);
        hash_2b(owner, owner_salts + 8, u_bytes, intermediate);
        encrypt_blocks(context.p, EVP_aes_256_cbc(), intermediate, zero_iv, file_key_, 32, oe);
        OPENSSL_cleanse(intermediate, sizeof intermediate);

        // Algorithm 10: /P as 8 bytes, low-order byte first, 'T' (the metadata is encrypted), "adb", 4 random bytes,
        // encrypted under the file key as one AES-256 block (ECB).
        unsigned char block[16], perms[16];
        auto p = static_cast<uint32_t>(static_cast<int32_t>(Encryption::permissions));
        for (int i = 0; i < 4; ++i) block[i] = static_cast<unsigned char>(p >> (8 * i));
        std::memset(block + 4, 0xFF, 4);
        std::memcpy(block + 8, "Tadb", 4);
        random.fill(block + 12, 4);
        encrypt_blocks(context.p, EVP_aes_256_ecb(), file_key_, nullptr, block, 16, perms);
        OPENSSL_cleanse(block, sizeof block);
        random_drawn_ = random.drawn();

        std::string &d = dictionary_;
        d = "<</Filter/Standard/V 5/R 6/Length 256/CF<</StdCF<</AuthEvent/DocOpen/CFM/AESV3/Length 32>>>>"
            "/StmF/StdCF/StrF/StdCF/O";
        append_hex(o, sizeof o, d);
        d += "/U";
        append_hex(u, sizeof u, d);
        d += "/OE";
        append_hex(oe, sizeof oe, d);
        d += "/UE";
        append_hex(ue, sizeof ue, d);
        d += "/P " + std::to_string(Encryption::permissions) + "/Perms";
        append_hex(perms, sizeof perms, d);
        d += "/EncryptMetadata true>>";
    } catch (...) {  // no destructor runs for an object not yet made
        OPENSSL_cleanse(file_key_, sizeof file_key_);
        OPENSSL_cleanse(random_key_, sizeof random_key_);
        throw;
    }
}

Keys::~Keys() {
    OPENSSL_cleanse(file_key_, sizeof file_key_);
    OPENSSL_cleanse(random_key_, sizeof random_key_);
}

Encryption::Encryption(std::string_view user_password, std::string_view owner_password, std::string_view seed)
    : Encryption(Keys(user_password, owner_password, seed)) {}

Encryption::Encryption(Keys const &keys) : random_(keys.random_key_), dictionary_(keys.dictionary_) {
    std::memcpy(key_, keys.file_key_, sizeof key_);
    try {
        random_.skip(keys.random_drawn_);  // the initialisation vectors follow what the Keys drew
        unsigned char const zero_iv[16] = {};
        context_ = EVP_CIPHER_CTX_new();
        if (!context_ || !EVP_EncryptInit_ex(context_, EVP_aes_256_cbc(), nullptr, key_, zero_iv)) openssl_failed();
    } catch (...) {  // no destructor runs for an object not yet made (random_'s does)
        OPENSSL_cleanse(key_, sizeof key_);
        EVP_CIPHER_CTX_free(context_);
        throw;
    }
}

Encryption::~Encryption() {
    OPENSSL_cleanse(key_, sizeof key_);
    EVP_CIPHER_CTX_free(context_);
}

void Encryption::encrypt(std::string_view data, std::string &out) {
    size_t at = out.size(), size = encrypted_size(data.size());
    out.resize(at + size);
    auto *p = reinterpret_cast<unsigned char *>(&out[at]);
    random_.fill(p, 16);
    // The key stays; only the initialisation vector is new. EVP counts in int: a larger stream goes in parts.
    if (!EVP_EncryptInit_ex(context_, nullptr, nullptr, nullptr, p)) openssl_failed();
    size_t done = 16;
    auto const *in = reinterpret_cast<unsigned char const *>(data.data());
    for (size_t left = data.size(); left > 0;) {
        int part = static_cast<int>(std::min<size_t>(left, size_t(1) << 30));
        int written = 0;
        if (!EVP_EncryptUpdate(context_, p + done, &written, in, part)) openssl_failed();
        done += static_cast<size_t>(written);
        in += part;
        left -= static_cast<size_t>(part);
    }
    int last = 0;
    if (!EVP_EncryptFinal_ex(context_, p + done, &last) || done + static_cast<size_t>(last) != size) openssl_failed();
}

void Encryption::encrypt_string(std::string_view bytes, std::string &out) {
    scratch_.clear();
    encrypt(bytes, scratch_);
    append_hex(reinterpret_cast<unsigned char const *>(scratch_.data()), scratch_.size(), out);
}

}  // namespace finish
