#include <cstring>

#include "common/ascii_case.h"
#include "common/base64.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// hex / unhex / base64 / unbase64 / encode / decode / typeof: hex prints bytes (or a bigint's two's
// complement) in upper case, as Spark does; unhex reads them back into binary, NULL for invalid
// text.

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

void Base64(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    *out = Base64Encode(StringAt(*args[0], i));
    return true;
  });
}

// unbase64: whitespace and padding are skipped; NULL for other invalid characters.
void Unbase64(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result,
                    [&](size_t i, std::string* out) { return Base64Decode(StringAt(*args[0], i), out); });
}

// encode(str, charset) / decode(bin, charset): UTF-8 only (the bytes are kept as they are).
ScalarBinder CharsetBinder(const char* name, LogicalType from, LogicalType to) {
  return [name, from, to](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 2);
    const Value* charset = ConstantArg(input, 1);
    if (charset != nullptr && !charset->is_null()) {
      std::string c = ToUpper(charset->str());
      if (c != "UTF-8" && c != "UTF8") {
        throw BinderError(std::string(name) + ": the charset '" + charset->str() +
                          "' is not supported; only UTF-8 is");
      }
    }
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = {from, TypeId::kString};
    bound.return_type = to;
    bound.kernel = [](const Args& a, size_t count, Vector& result, const FunctionContext&) {
      ExecuteSliceRows(a, count, result, [&](size_t i) { return a[0]->Data<StringRef>()[i]; });
    };
    return bound;
  };
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
  registry.AddScalar("hex",
                     SignatureBinder("hex", {{{TypeId::kInt64}, TypeId::kString, HexLong},
                                             {{TypeId::kBinary}, TypeId::kString, HexBytes},
                                             {{TypeId::kString}, TypeId::kString, HexBytes}}));
  registry.AddScalar("unhex",
                     SignatureBinder("unhex", {{{TypeId::kString}, TypeId::kBinary, Unhex}}));
  registry.AddScalar("typeof", BindTypeof);
  registry.AddScalar("base64",
                     SignatureBinder("base64", {{{TypeId::kBinary}, TypeId::kString, Base64}}));
  registry.AddScalar("unbase64",
                     SignatureBinder("unbase64", {{{TypeId::kString}, TypeId::kBinary, Unbase64}}));
  registry.AddScalar("encode", CharsetBinder("encode", TypeId::kString, TypeId::kBinary));
  registry.AddScalar("decode", CharsetBinder("decode", TypeId::kBinary, TypeId::kString));
}

}  // namespace floe
