#include "function/function_registry.h"
#include "function/scalar/digests.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// md5, sha1 / sha, sha2 and crc32 of binary (strings are cast to their bytes), printed as
// lower-case hex as Spark does.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

std::string LowerHex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

template <std::string (*kDigest)(std::string_view)>
void DigestKernel(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    *out = LowerHex(kDigest(StringAt(*args[0], i)));
    return true;
  });
}

// sha2(x, bits): 224, 256 (or 0), 384, 512; NULL for other lengths.
void Sha2(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view data = StringAt(*args[0], i);
    switch (args[1]->Data<int32_t>()[i]) {
      case 224: *out = LowerHex(Sha256Digest(data, true)); return true;
      case 0:
      case 256: *out = LowerHex(Sha256Digest(data, false)); return true;
      case 384: *out = LowerHex(Sha512Digest(data, true)); return true;
      case 512: *out = LowerHex(Sha512Digest(data, false)); return true;
      default: return false;
    }
  });
}

void Crc32Kernel(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int64_t>(
      *args[0], count, result, [](StringRef s) { return static_cast<int64_t>(Crc32(s.view())); });
}

}  // namespace

void RegisterDigestFunctions(FunctionRegistry& registry) {
  const LogicalType kBin = TypeId::kBinary, kStr = TypeId::kString;
  registry.AddScalar("md5", SignatureBinder("md5", {{{kBin}, kStr, DigestKernel<Md5Digest>}}));
  for (const char* name : {"sha1", "sha"}) {
    registry.AddScalar(name, SignatureBinder(name, {{{kBin}, kStr, DigestKernel<Sha1Digest>}}));
  }
  registry.AddScalar("sha2", SignatureBinder("sha2", {{{kBin, TypeId::kInt32}, kStr, Sha2}}));
  registry.AddScalar("crc32", SignatureBinder("crc32", {{{kBin}, TypeId::kInt64, Crc32Kernel}}));
}

}  // namespace floe
