#include <algorithm>
#include <climits>

#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"
#include "function/scalar/utf8.h"

// String functions with Spark's semantics: positions and lengths count characters
// (UTF-8 code points), positions are 1-based and a negative one counts from the end.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

StringRef Slice(std::string_view s, size_t from, size_t to) {
  return StringRef(s.data() + from, static_cast<uint32_t>(to - from));
}

// Spark's UTF8String.substringSQL: characters [start, start + length).
StringRef SubstringSql(std::string_view s, int32_t pos, int32_t length) {
  int64_t chars = static_cast<int64_t>(Utf8Length(s));
  int64_t start = pos > 0 ? pos - 1 : (pos < 0 ? chars + pos : 0);
  int64_t end = start + static_cast<int64_t>(length);
  start = std::max<int64_t>(start, 0);
  if (start >= end || start >= chars) return StringRef(s.data(), 0);
  end = std::min(end, chars);
  size_t from = Utf8Offset(s, start);
  size_t to = Utf8Offset(s, end);
  return Slice(s, from, to);
}

void Substring(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  bool has_length = args.size() == 3;
  ExecuteSliceRows(args, count, result, [&](size_t i) {
    int32_t length = has_length ? args[2]->Data<int32_t>()[i] : INT32_MAX;
    return SubstringSql(StringAt(*args[0], i), args[1]->Data<int32_t>()[i], length);
  });
}

void CharLength(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int32_t>(*args[0], count, result, [](StringRef s) {
    return static_cast<int32_t>(Utf8Length(s.view()));
  });
}

void ByteLength(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int32_t>(*args[0], count, result,
                                   [](StringRef s) { return static_cast<int32_t>(s.size); });
}

ScalarKernel ChangeCase(bool upper) {
  return [upper](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
      *out = Utf8ChangeCase(StringAt(*args[0], i), upper);
      return true;
    });
  };
}

// concat: NULL when any argument is NULL.
void Concat(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    for (const Vector* arg : args) out->append(StringAt(*arg, i));
    return true;
  });
}

// concat_ws: NULL only when the separator is; NULL values are skipped.
void ConcatWs(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows({args[0]}, count, result, [&](size_t i, std::string* out) {
    std::string_view sep = StringAt(*args[0], i);
    bool first = true;
    for (size_t a = 1; a < args.size(); ++a) {
      if (args[a]->IsNull(i)) continue;
      if (!first) out->append(sep);
      out->append(StringAt(*args[a], i));
      first = false;
    }
    return true;
  });
}

// trim family: removes spaces, or any of the characters of another argument. Spark's
// trim / ltrim / rtrim take (trimStr, str), btrim takes (str, trimStr).
ScalarKernel Trim(bool left, bool right, bool chars_first = true) {
  return [left, right, chars_first](const Args& args, size_t count, Vector& result,
                                    const FunctionContext&) {
    bool has_chars = args.size() == 2;
    size_t str_arg = has_chars && chars_first ? 1 : 0;
    auto trim_row = [&](size_t i) {
      std::string_view s = StringAt(*args[str_arg], i);
      std::string_view chars = has_chars ? StringAt(*args[1 - str_arg], i) : std::string_view(" ");
      size_t from = 0, to = s.size();
      if (left) {
        while (from < to) {
          size_t p = from;
          Utf8Decode(s, &p);
          if (chars.find(s.substr(from, p - from)) == std::string_view::npos) break;
          from = p;
        }
      }
      if (right) {
        while (to > from) {
          size_t start = to - 1;
          while (start > from && !IsUtf8Start(s[start])) --start;
          if (chars.find(s.substr(start, to - start)) == std::string_view::npos) break;
          to = start;
        }
      }
      return Slice(s, from, to);
    };
    if (str_arg == 0) return ExecuteSliceRows(args, count, result, trim_row);
    // The result points into the second argument: share its heaps instead.
    ExecuteSliceRows({args[1], args[0]}, count, result, trim_row);
  };
}

// lpad / rpad (Spark): pads with `pad` to `length` characters, or truncates.
ScalarKernel Pad(bool left) {
  return [left](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    bool has_pad = args.size() == 3;
    ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
      std::string_view s = StringAt(*args[0], i);
      int32_t length = args[1]->Data<int32_t>()[i];
      std::string_view pad = has_pad ? StringAt(*args[2], i) : std::string_view(" ");
      if (length <= 0) return true;
      int64_t chars = static_cast<int64_t>(Utf8Length(s));
      size_t pad_chars = Utf8Length(pad);
      // why: a pad of no characters (empty, or only UTF-8 continuation bytes) fills nothing
      if (chars >= length || pad_chars == 0) {
        out->append(s.substr(0, Utf8Offset(s, std::min<int64_t>(length, chars))));
        return true;
      }
      uint64_t missing = static_cast<uint64_t>(length - chars);
      uint64_t whole_pads = missing / pad_chars;
      std::string_view last_pad = pad.substr(0, Utf8Offset(pad, missing % pad_chars));
      if (s.size() + whole_pads * pad.size() + last_pad.size() > (uint64_t{1} << 30)) {
        throw InvalidInputError(std::string(left ? "lpad" : "rpad") + ": the result would exceed 1 GiB");
      }
      std::string fill;
      fill.reserve(whole_pads * pad.size() + last_pad.size());
      for (uint64_t k = 0; k < whole_pads; ++k) fill.append(pad);
      fill.append(last_pad);
      if (left)
        *out = fill + std::string(s);
      else
        *out = std::string(s) + fill;
      return true;
    });
  };
}

void Replace(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  bool has_replacement = args.size() == 3;
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i);
    std::string_view search = StringAt(*args[1], i);
    std::string_view replacement = has_replacement ? StringAt(*args[2], i) : std::string_view();
    if (search.empty()) {
      out->append(s);
      return true;
    }
    size_t pos = 0;
    for (size_t hit; (hit = s.find(search, pos)) != std::string_view::npos;
         pos = hit + search.size()) {
      out->append(s.substr(pos, hit - pos));
      out->append(replacement);
    }
    out->append(s.substr(pos));
    return true;
  });
}

// split_part(str, delimiter, n): the n-th field (negative from the end), '' past the end.
void SplitPart(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteSliceRows(args, count, result, [&](size_t i) {
    std::string_view s = StringAt(*args[0], i);
    std::string_view delim = StringAt(*args[1], i);
    int32_t n = args[2]->Data<int32_t>()[i];
    if (n == 0) {
      throw InvalidInputError(
          "[INVALID_INDEX_OF_ZERO] split_part: the index 0 is invalid; "
          "field numbers start at 1 (or -1 from the end)");
    }
    std::vector<std::pair<size_t, size_t>> fields;
    if (delim.empty()) {
      fields.emplace_back(0, s.size());
    } else {
      size_t pos = 0;
      for (size_t hit; (hit = s.find(delim, pos)) != std::string_view::npos;
           pos = hit + delim.size()) {
        fields.emplace_back(pos, hit);
      }
      fields.emplace_back(pos, s.size());
    }
    int64_t index = n > 0 ? n - 1 : static_cast<int64_t>(fields.size()) + n;
    if (index < 0 || index >= static_cast<int64_t>(fields.size())) return StringRef(s.data(), 0);
    return Slice(s, fields[index].first, fields[index].second);
  });
}

// Returns the 1-based character position of needle in s at or after byte `from`, or 0.
int32_t CharPosition(std::string_view s, std::string_view needle, size_t from = 0) {
  size_t hit = s.find(needle, from);
  if (hit == std::string_view::npos) return 0;
  return static_cast<int32_t>(Utf8Length(s.substr(0, hit))) + 1;
}

void Instr(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteBinary<StringRef, StringRef, int32_t>(
      *args[0], *args[1], count, result,
      [](StringRef s, StringRef sub) { return CharPosition(s.view(), sub.view()); });
}

// locate(substr, str[, pos]): 1-based, searching from character pos; 0 when pos < 1.
void Locate(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  bool has_pos = args.size() == 3;
  int32_t* out = result.Data<int32_t>();
  ExecuteRows(args, count, result, [&](size_t i) {
    std::string_view sub = StringAt(*args[0], i), s = StringAt(*args[1], i);
    int32_t pos = has_pos ? args[2]->Data<int32_t>()[i] : 1;
    bool in_range = pos >= 1 && static_cast<size_t>(pos - 1) <= Utf8Length(s);
    out[i] = in_range ? CharPosition(s, sub, Utf8Offset(s, pos - 1)) : 0;
    return true;
  });
}

enum class Match { kStarts, kEnds, kContains };

template <Match kind>
void MatchKernel(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteBinary<StringRef, StringRef, uint8_t>(
      *args[0], *args[1], count, result, [](StringRef a, StringRef b) {
        std::string_view s = a.view(), t = b.view();
        if constexpr (kind == Match::kStarts)
          return s.substr(0, t.size()) == t;
        else if constexpr (kind == Match::kEnds)
          return s.size() >= t.size() && s.substr(s.size() - t.size()) == t;
        else
          return s.find(t) != std::string_view::npos;
      });
}

void Reverse(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i);
    size_t end = s.size();
    while (end > 0) {
      size_t start = end - 1;
      while (start > 0 && !IsUtf8Start(s[start])) --start;
      out->append(s.substr(start, end - start));
      end = start;
    }
    return true;
  });
}

void Repeat(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i);
    int32_t n = args[1]->Data<int32_t>()[i];
    if (n > 0 && s.size() * static_cast<size_t>(n) > (size_t{1} << 30)) {
      throw InvalidInputError("repeat: the result would exceed 1 GiB");
    }
    for (int32_t k = 0; k < n; ++k) out->append(s);
    return true;
  });
}

// left(str, n) / right(str, n): the first / last n characters.
ScalarKernel LeftRight(bool left) {
  return [left](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ExecuteSliceRows(args, count, result, [&](size_t i) {
      std::string_view s = StringAt(*args[0], i);
      int32_t n = args[1]->Data<int32_t>()[i];
      if (n <= 0) return StringRef(s.data(), 0);
      size_t chars = Utf8Length(s);
      if (static_cast<size_t>(n) >= chars) return Slice(s, 0, s.size());
      return left ? Slice(s, 0, Utf8Offset(s, n)) : Slice(s, Utf8Offset(s, chars - n), s.size());
    });
  };
}

// initcap: upper-cases the first letter of each space-separated word, lowers the rest.
void Initcap(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i);
    bool word_start = true;
    for (size_t pos = 0; pos < s.size();) {
      uint32_t cp = Utf8Decode(s, &pos);
      Utf8Append(word_start ? ToUpperCodePoint(cp) : ToLowerCodePoint(cp), out);
      word_start = cp == ' ';
    }
    return true;
  });
}

void Ascii(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int32_t>(*args[0], count, result, [](StringRef s) {
    if (s.size == 0) return 0;
    size_t pos = 0;
    return static_cast<int32_t>(Utf8Decode(s.view(), &pos));
  });
}

// chr(n): the character of code point n mod 256; '' for a negative n (Spark).
void Chr(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    int64_t n = args[0]->Data<int64_t>()[i];
    if (n >= 0) Utf8Append(static_cast<uint32_t>(n % 256), out);
    return true;
  });
}

// translate(str, from, to): each character of `from` becomes the one at the same place in
// `to`, or is removed when `to` is shorter.
void Translate(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    std::string_view s = StringAt(*args[0], i), from = StringAt(*args[1], i),
                     to = StringAt(*args[2], i);
    std::vector<uint32_t> from_cps, to_cps;
    for (size_t p = 0; p < from.size();) from_cps.push_back(Utf8Decode(from, &p));
    for (size_t p = 0; p < to.size();) to_cps.push_back(Utf8Decode(to, &p));
    for (size_t p = 0; p < s.size();) {
      uint32_t cp = Utf8Decode(s, &p);
      auto it = std::find(from_cps.begin(), from_cps.end(), cp);
      if (it == from_cps.end()) {
        Utf8Append(cp, out);
      } else if (size_t k = it - from_cps.begin(); k < to_cps.size()) {
        Utf8Append(to_cps[k], out);
      }
    }
    return true;
  });
}

// levenshtein(a, b): the edit distance in characters.
void Levenshtein(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  int32_t* out = result.Data<int32_t>();
  ExecuteRows(args, count, result, [&](size_t i) {
    std::vector<uint32_t> a, b;
    std::string_view sa = StringAt(*args[0], i), sb = StringAt(*args[1], i);
    for (size_t p = 0; p < sa.size();) a.push_back(Utf8Decode(sa, &p));
    for (size_t p = 0; p < sb.size();) b.push_back(Utf8Decode(sb, &p));
    std::vector<int32_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int32_t>(j);
    for (size_t k = 1; k <= a.size(); ++k) {
      int32_t diagonal = row[0];
      row[0] = static_cast<int32_t>(k);
      for (size_t j = 1; j <= b.size(); ++j) {
        int32_t above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[k - 1] == b[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    out[i] = row[b.size()];
    return true;
  });
}

// space(n): n spaces ('' for n <= 0).
void Space(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    int32_t n = args[0]->Data<int32_t>()[i];
    if (n > (1 << 30)) throw InvalidInputError("space: the result would exceed 1 GiB");
    if (n > 0) out->assign(static_cast<size_t>(n), ' ');
    return true;
  });
}

void BitLength(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int32_t>(*args[0], count, result,
                                   [](StringRef s) { return static_cast<int32_t>(s.size) * 8; });
}

// Binds a function of strings with any number (at least min) of arguments.
ScalarBinder VariadicStrings(const char* name, size_t min, ScalarKernel kernel) {
  return [name, min, kernel](const ScalarBindInput& input) {
    if (input.arg_types.size() < min) {
      throw BinderError(std::string("[WRONG_NUM_ARGS] function ") + name + " requires at least " +
                        std::to_string(min) + " arguments");
    }
    for (const LogicalType& t : input.arg_types) {
      if (t.id() == TypeId::kInterval) ThrowArgumentTypes(name, input, "strings");
    }
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types.assign(input.arg_types.size(), TypeId::kString);
    bound.return_type = TypeId::kString;
    bound.kernel = kernel;
    return bound;
  };
}

// concat_ws with array arguments (Spark's ConcatWs takes strings and arrays of strings): each
// array's elements are joined as further arguments, its NULL elements skipped.
void ConcatWsArrays(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  for (size_t i = 0; i < count; ++i) {
    if (args[0]->IsNull(i)) {
      result.SetNull(i, true);
      continue;
    }
    std::string sep(StringAt(*args[0], i));
    std::string out;
    bool first = true;
    auto append = [&](const Value& v) {
      if (v.is_null()) return;
      if (!first) out += sep;
      out += v.str();
      first = false;
    };
    for (size_t a = 1; a < args.size(); ++a) {
      Value v = args[a]->GetValue(i);
      if (v.is_null()) continue;
      if (v.type().id() != TypeId::kList) {
        append(v);
        continue;
      }
      for (const Value& element : v.children()) append(element);
    }
    result.SetValue(i, Value::String(std::move(out)));
  }
}

BoundScalarFunction ConcatWsBinder(const ScalarBindInput& input) {
  bool arrays = false;
  for (const LogicalType& t : input.arg_types) arrays = arrays || t.id() == TypeId::kList;
  if (!arrays) return VariadicStrings("concat_ws", 1, ConcatWs)(input);
  const char* expected = "a separator and strings or arrays of strings";
  if (input.arg_types[0].id() == TypeId::kList) ThrowArgumentTypes("concat_ws", input, expected);
  BoundScalarFunction bound;
  bound.name = "concat_ws";
  for (const LogicalType& t : input.arg_types) {
    bool list = t.id() == TypeId::kList;
    if (t.id() == TypeId::kInterval || (list && t.element().id() == TypeId::kInterval)) {
      ThrowArgumentTypes("concat_ws", input, expected);
    }
    bound.arg_types.push_back(list ? LogicalType::List(TypeId::kString) : LogicalType(TypeId::kString));
  }
  bound.return_type = TypeId::kString;
  bound.kernel = ConcatWsArrays;
  return bound;
}

void Add(FunctionRegistry& registry, std::initializer_list<const char*> names,
         std::vector<Signature> overloads) {
  for (const char* name : names) registry.AddScalar(name, SignatureBinder(name, overloads));
}

}  // namespace

void RegisterStringFunctions(FunctionRegistry& registry) {
  const LogicalType kStr = TypeId::kString, kInt = TypeId::kInt32, kBool = TypeId::kBoolean;
  Add(registry, {"lower", "lcase"}, {{{kStr}, kStr, ChangeCase(false)}});
  Add(registry, {"upper", "ucase"}, {{{kStr}, kStr, ChangeCase(true)}});
  Add(registry, {"length", "char_length", "character_length", "len"},
      {{{kStr}, kInt, CharLength}, {{TypeId::kBinary}, kInt, ByteLength}});
  Add(registry, {"octet_length"},
      {{{kStr}, kInt, ByteLength}, {{TypeId::kBinary}, kInt, ByteLength}});
  Add(registry, {"substring", "substr"},
      {{{kStr, kInt}, kStr, Substring}, {{kStr, kInt, kInt}, kStr, Substring}});
  registry.AddScalar("concat", VariadicStrings("concat", 0, Concat));
  registry.AddScalar("||", VariadicStrings("||", 2, Concat));
  registry.AddScalar("concat_ws", ConcatWsBinder);
  Add(registry, {"trim"},
      {{{kStr}, kStr, Trim(true, true)}, {{kStr, kStr}, kStr, Trim(true, true)}});
  Add(registry, {"btrim"},
      {{{kStr}, kStr, Trim(true, true)}, {{kStr, kStr}, kStr, Trim(true, true, false)}});
  Add(registry, {"ltrim"},
      {{{kStr}, kStr, Trim(true, false)}, {{kStr, kStr}, kStr, Trim(true, false)}});
  Add(registry, {"rtrim"},
      {{{kStr}, kStr, Trim(false, true)}, {{kStr, kStr}, kStr, Trim(false, true)}});
  Add(registry, {"lpad"}, {{{kStr, kInt}, kStr, Pad(true)}, {{kStr, kInt, kStr}, kStr, Pad(true)}});
  Add(registry, {"rpad"},
      {{{kStr, kInt}, kStr, Pad(false)}, {{kStr, kInt, kStr}, kStr, Pad(false)}});
  Add(registry, {"replace"}, {{{kStr, kStr}, kStr, Replace}, {{kStr, kStr, kStr}, kStr, Replace}});
  Add(registry, {"split_part"}, {{{kStr, kStr, kInt}, kStr, SplitPart}});
  Add(registry, {"instr"}, {{{kStr, kStr}, kInt, Instr}});
  Add(registry, {"locate", "position"},
      {{{kStr, kStr}, kInt, Locate}, {{kStr, kStr, kInt}, kInt, Locate}});
  Add(registry, {"starts_with", "startswith"},
      {{{kStr, kStr}, kBool, MatchKernel<Match::kStarts>}});
  Add(registry, {"ends_with", "endswith"}, {{{kStr, kStr}, kBool, MatchKernel<Match::kEnds>}});
  Add(registry, {"contains"}, {{{kStr, kStr}, kBool, MatchKernel<Match::kContains>}});
  Add(registry, {"reverse"}, {{{kStr}, kStr, Reverse}});
  Add(registry, {"repeat"}, {{{kStr, kInt}, kStr, Repeat}});
  Add(registry, {"left"}, {{{kStr, kInt}, kStr, LeftRight(true)}});
  Add(registry, {"right"}, {{{kStr, kInt}, kStr, LeftRight(false)}});
  Add(registry, {"initcap"}, {{{kStr}, kStr, Initcap}});
  Add(registry, {"ascii"}, {{{kStr}, kInt, Ascii}});
  Add(registry, {"chr", "char"}, {{{TypeId::kInt64}, kStr, Chr}});
  Add(registry, {"space"}, {{{kInt}, kStr, Space}});
  Add(registry, {"translate"}, {{{kStr, kStr, kStr}, kStr, Translate}});
  Add(registry, {"levenshtein"}, {{{kStr, kStr}, kInt, Levenshtein}});
  Add(registry, {"bit_length"}, {{{kStr}, kInt, BitLength}, {{TypeId::kBinary}, kInt, BitLength}});
}

}  // namespace floe
