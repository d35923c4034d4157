#include <cstring>

#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// hex / unhex / typeof: hex prints bytes (or a bigint's two's complement) in upper case,
// as Spark does; unhex reads them back into binary, NULL for invalid text.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

constexpr char kHexDigits[] = "0123456789ABCDEF";

void HexBytes(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    for (unsigned char c : StringAt(*args[0], i)) {
      out->push_back(kHexDigits[c >> 4]);
      out->push_back(kHexDigits[c & 15]);
    }
    return true;
  });
}

void HexLong(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    uint64_t v = static_cast<uint64_t>(args[0]->Data<int64_t>()[i]);
    do {
      out->insert(out->begin(), kHexDigits[v & 15]);
      v >>= 4;
    } while (v != 0);
    return true;
  });
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// unhex: an odd number of digits reads as if a leading 0 were there (Spark).
void Unhex(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i);
    size_t k = 0;
    if (s.size() % 2 == 1) {
      int v = HexValue(s[0]);
      if (v < 0) return false;
      out->push_back(static_cast<char>(v));
      k = 1;
    }
    for (; k < s.size(); k += 2) {
      int hi = HexValue(s[k]), lo = HexValue(s[k + 1]);
      if (hi < 0 || lo < 0) return false;
      out->push_back(static_cast<char>(hi * 16 + lo));
    }
    return true;
  });
}

// typeof(x): the Spark name of the argument's type, whatever its value.
BoundScalarFunction BindTypeof(const ScalarBindInput& input) {
  CheckArgumentCount("typeof", input, 1, 1);
  std::string name = input.arg_types[0].ToString();
  BoundScalarFunction bound;
  bound.name = "typeof";
  bound.arg_types = input.arg_types;
  bound.return_type = TypeId::kString;
  bound.kernel = [name](const Args&, size_t count, Vector& result, const FunctionContext&) {
    result.validity().Reset();
    StringRef ref = result.heap().Add(name);
    for (size_t i = 0; i < count; ++i) result.Data<StringRef>()[i] = ref;
  };
  return bound;
}

}  // namespace

void RegisterEncodingFunctions(FunctionRegistry& registry) {
  registry.AddScalar("hex", SignatureBinder("hex", {{{TypeId::kInt64}, TypeId::kString, HexLong},
                                                    {{TypeId::kBinary}, TypeId::kString, HexBytes},
                                                    {{TypeId::kString}, TypeId::kString, HexBytes}}));
  registry.AddScalar("unhex", SignatureBinder("unhex", {{{TypeId::kString}, TypeId::kBinary, Unhex}}));
  registry.AddScalar("typeof", BindTypeof);
}

}  // namespace floe
