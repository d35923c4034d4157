#include <re2/re2.h>

#include <memory>

#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/like_matcher.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"
#include "function/scalar/utf8.h"

// LIKE / ILIKE and the regular-expression functions. A literal pattern is compiled once at
// bind time; a pattern from a column is recompiled only when it changes from row to row.
// Regular expressions are RE2's (Java's syntax without backreferences or lookaround).

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

std::unique_ptr<RE2> CompileRegex(const std::string& name, std::string_view pattern) {
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_unique<RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    throw InvalidInputError("[INVALID_PARAMETER_VALUE.PATTERN] " + name +
                            ": invalid regular expression '" + std::string(pattern) +
                            "': " + re->error() +
                            " (RE2 syntax: Java's without lookaround or backreferences)");
  }
  return re;
}

// Holds a compiled pattern: the literal one, or the last one seen in a column. Kernels copy
// it per call (a shared_ptr copy), so threads running one kernel never share a mutable one.
template <typename Compiled>
class PatternCache {
 public:
  template <typename Make>
  const Compiled& Get(std::string_view pattern, Make&& make) {
    if (!compiled_ || pattern != text_) {
      compiled_ = std::make_shared<Compiled>(make(pattern));
      text_ = std::string(pattern);
    }
    return *compiled_;
  }
  void Preset(std::string_view pattern, std::shared_ptr<Compiled> compiled) {
    text_ = std::string(pattern);
    compiled_ = std::move(compiled);
  }

 private:
  std::string text_;
  std::shared_ptr<Compiled> compiled_;
};

using RegexPtr = std::unique_ptr<RE2>;

// Returns the literal pattern argument i as text, if the binder knows it.
const std::string* ConstantPattern(const ScalarBindInput& input, size_t i) {
  const Value* v = ConstantArg(input, i);
  return v != nullptr && !v->is_null() && v->type().id() == TypeId::kString ? &v->str() : nullptr;
}

ScalarBinder LikeBinder(const char* name, bool case_insensitive) {
  return [name, case_insensitive](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 3);
    char escape = '\\';
    if (input.arg_types.size() == 3) {
      const std::string* e = ConstantPattern(input, 2);
      if (e == nullptr || e->size() != 1) {
        throw BinderError(std::string(name) +
                          ": the escape must be a one-character string literal");
      }
      escape = (*e)[0];
    }
    auto cache = std::make_shared<PatternCache<LikeMatcher>>();
    if (const std::string* p = ConstantPattern(input, 1)) {
      cache->Preset(*p, std::make_shared<LikeMatcher>(*p, escape, case_insensitive));
    }
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types.assign(input.arg_types.size(), TypeId::kString);
    bound.return_type = TypeId::kBoolean;
    bound.kernel = [cache, escape, case_insensitive](const Args& args, size_t count, Vector& result,
                                                     const FunctionContext&) {
      uint8_t* out = result.Data<uint8_t>();
      PatternCache<LikeMatcher> local = *cache;
      ExecuteRows({args[0], args[1]}, count, result, [&](size_t i) {
        const LikeMatcher& m = local.Get(StringAt(*args[1], i), [&](std::string_view p) {
          return LikeMatcher(p, escape, case_insensitive);
        });
        out[i] = m.Matches(StringAt(*args[0], i));
        return true;
      });
    };
    return bound;
  };
}

// Returns a cache holding the literal regex of argument 1, compiled now (bind-time errors).
std::shared_ptr<PatternCache<RegexPtr>> RegexCache(const std::string& name,
                                                   const ScalarBindInput& input) {
  auto cache = std::make_shared<PatternCache<RegexPtr>>();
  if (const std::string* p = ConstantPattern(input, 1)) {
    cache->Preset(*p, std::make_shared<RegexPtr>(CompileRegex(name, *p)));
  }
  return cache;
}

const RE2& RegexAt(PatternCache<RegexPtr>& cache, const std::string& name, const Vector& patterns,
                   size_t i) {
  return *cache.Get(StringAt(patterns, i),
                    [&](std::string_view p) { return CompileRegex(name, p); });
}

re2::StringPiece Piece(std::string_view s) { return re2::StringPiece(s.data(), s.size()); }

BoundScalarFunction BindRlike(const std::string& name, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 2, 2);
  auto cache = RegexCache(name, input);
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types = {TypeId::kString, TypeId::kString};
  bound.return_type = TypeId::kBoolean;
  bound.kernel = [cache, name](const Args& args, size_t count, Vector& result,
                               const FunctionContext&) {
    uint8_t* out = result.Data<uint8_t>();
    PatternCache<RegexPtr> local = *cache;
    ExecuteRows(args, count, result, [&](size_t i) {
      out[i] = RE2::PartialMatch(Piece(StringAt(*args[0], i)), RegexAt(local, name, *args[1], i));
      return true;
    });
  };
  return bound;
}

// regexp_extract(str, regex[, group = 1]): the group of the first match, '' without one.
BoundScalarFunction BindRegexpExtract(const ScalarBindInput& input) {
  const std::string name = "regexp_extract";
  CheckArgumentCount(name, input, 2, 3);
  auto cache = RegexCache(name, input);
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types = {TypeId::kString, TypeId::kString};
  if (input.arg_types.size() == 3) bound.arg_types.push_back(TypeId::kInt32);
  bound.return_type = TypeId::kString;
  bound.kernel = [cache, name](const Args& args, size_t count, Vector& result,
                               const FunctionContext&) {
    bool has_group = args.size() == 3;
    PatternCache<RegexPtr> local = *cache;
    ExecuteSliceRows(args, count, result, [&](size_t i) {
      std::string_view s = StringAt(*args[0], i);
      const RE2& re = RegexAt(local, name, *args[1], i);
      int group = has_group ? args[2]->Data<int32_t>()[i] : 1;
      if (group < 0 || group > re.NumberOfCapturingGroups()) {
        throw InvalidInputError(
            "[INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX] regexp_extract: the regex has " +
            std::to_string(re.NumberOfCapturingGroups()) + " groups, but the group index is " +
            std::to_string(group));
      }
      std::vector<re2::StringPiece> groups(group + 1);
      if (!re.Match(Piece(s), 0, s.size(), RE2::UNANCHORED, groups.data(), group + 1) ||
          groups[group].data() == nullptr) {
        return StringRef(s.data(), 0);
      }
      return StringRef(groups[group].data(), static_cast<uint32_t>(groups[group].size()));
    });
  };
  return bound;
}

// Translates a Java replacement ($1, \$) into an RE2 rewrite (\1, literal backslashes doubled).
std::string JavaToRe2Rewrite(std::string_view java, int groups) {
  std::string out;
  for (size_t i = 0; i < java.size(); ++i) {
    char c = java[i];
    if (c == '\\' && i + 1 < java.size()) {
      char next = java[++i];
      if (next == '\\')
        out += "\\\\";
      else
        out += next;
    } else if (c == '$' && i + 1 < java.size() &&
               std::isdigit(static_cast<unsigned char>(java[i + 1]))) {
      int group = java[++i] - '0';
      // Java takes more digits while they still name a group.
      while (i + 1 < java.size() && std::isdigit(static_cast<unsigned char>(java[i + 1])) &&
             group * 10 + (java[i + 1] - '0') <= groups) {
        group = group * 10 + (java[++i] - '0');
      }
      if (group > groups) {
        throw InvalidInputError("regexp_replace: the replacement refers to group " +
                                std::to_string(group) + " but the regex has " +
                                std::to_string(groups));
      }
      if (group > 9)
        throw InvalidInputError("regexp_replace: group references above $9 are not supported");
      out += '\\';
      out += static_cast<char>('0' + group);
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += c;
    }
  }
  return out;
}

// regexp_replace(str, regex, replacement[, position]): replaces every match that starts
// at or after the 1-based character position; the text before it is kept as it is.
BoundScalarFunction BindRegexpReplace(const ScalarBindInput& input) {
  const std::string name = "regexp_replace";
  CheckArgumentCount(name, input, 2, 4);
  auto cache = RegexCache(name, input);
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types.assign(std::min<size_t>(input.arg_types.size(), 3), TypeId::kString);
  if (input.arg_types.size() == 4) bound.arg_types.push_back(TypeId::kInt32);
  bound.return_type = TypeId::kString;
  bound.kernel = [cache, name](const Args& args, size_t count, Vector& result,
                               const FunctionContext&) {
    bool has_replacement = args.size() >= 3;
    bool has_position = args.size() == 4;
    PatternCache<RegexPtr> local = *cache;
    std::string last_replacement, rewrite;
    const RE2* last_re = nullptr;
    ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
      const RE2& re = RegexAt(local, name, *args[1], i);
      std::string_view replacement = has_replacement ? StringAt(*args[2], i) : std::string_view();
      if (&re != last_re || replacement != last_replacement) {
        rewrite = JavaToRe2Rewrite(replacement, re.NumberOfCapturingGroups());
        last_replacement = std::string(replacement);
        last_re = &re;
      }
      std::string_view source = StringAt(*args[0], i);
      size_t prefix = 0;
      if (has_position) {
        int32_t position = args[3]->Data<int32_t>()[i];
        if (position <= 0) {
          throw InvalidInputError("[INVALID_PARAMETER_VALUE.REGEX_POSITION] regexp_replace: the position must "
                                  "be positive, got " + std::to_string(position));
        }
        // Skip position - 1 characters (UTF-8 lead bytes); past the end, nothing is replaced.
        int32_t chars = 0;
        while (prefix < source.size() && chars < position - 1) {
          ++prefix;
          while (prefix < source.size() && (static_cast<unsigned char>(source[prefix]) & 0xC0) == 0x80) ++prefix;
          ++chars;
        }
        if (chars < position - 1 || prefix >= source.size()) {
          *out = std::string(source);
          return true;
        }
      }
      *out = std::string(source.substr(prefix));
      RE2::GlobalReplace(out, re, rewrite);
      out->insert(0, source.substr(0, prefix));
      return true;
    });
  };
  return bound;
}

// The regexp functions of one string and one regex that scan for matches.
enum class Scan { kCount, kSubstr, kInstr };

BoundScalarFunction BindRegexpScan(const std::string& name, Scan scan,
                                   const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 2, 2);
  auto cache = RegexCache(name, input);
  BoundScalarFunction bound;
  bound.name = name;
  bound.arg_types = {TypeId::kString, TypeId::kString};
  bound.return_type = scan == Scan::kSubstr ? TypeId::kString : TypeId::kInt32;
  bound.kernel = [cache, name, scan](const Args& args, size_t count, Vector& result,
                                     const FunctionContext&) {
    PatternCache<RegexPtr> local = *cache;
    result.ShareHeapsOf(*args[0]);
    ExecuteRows(args, count, result, [&](size_t i) {
      std::string_view s = StringAt(*args[0], i);
      const RE2& re = RegexAt(local, name, *args[1], i);
      re2::StringPiece match;
      if (scan == Scan::kCount) {
        // Non-overlapping matches; an empty match moves on by one byte, as Java's find().
        int32_t n = 0;
        size_t pos = 0;
        while (pos <= s.size() && re.Match(Piece(s), pos, s.size(), RE2::UNANCHORED, &match, 1)) {
          ++n;
          size_t end = match.data() - s.data() + match.size();
          pos = match.empty() ? end + 1 : end;
        }
        result.Data<int32_t>()[i] = n;
        return true;
      }
      bool found = re.Match(Piece(s), 0, s.size(), RE2::UNANCHORED, &match, 1);
      if (scan == Scan::kSubstr) {
        if (!found) return false;  // NULL without a match (Spark)
        result.Data<StringRef>()[i] = StringRef(match.data(), static_cast<uint32_t>(match.size()));
        return true;
      }
      result.Data<int32_t>()[i] =
          found ? static_cast<int32_t>(Utf8Length(s.substr(0, match.data() - s.data()))) + 1 : 0;
      return true;
    });
  };
  return bound;
}

}  // namespace

void RegisterRegexpFunctions(FunctionRegistry& registry) {
  registry.AddScalar("like", LikeBinder("like", false));
  registry.AddScalar("ilike", LikeBinder("ilike", true));
  for (const char* name : {"rlike", "regexp", "regexp_like"}) {
    registry.AddScalar(name,
                       [name](const ScalarBindInput& input) { return BindRlike(name, input); });
  }
  registry.AddScalar("regexp_extract", BindRegexpExtract);
  registry.AddScalar("regexp_replace", BindRegexpReplace);
  registry.AddScalar("regexp_count", [](const ScalarBindInput& in) {
    return BindRegexpScan("regexp_count", Scan::kCount, in);
  });
  registry.AddScalar("regexp_substr", [](const ScalarBindInput& in) {
    return BindRegexpScan("regexp_substr", Scan::kSubstr, in);
  });
  registry.AddScalar("regexp_instr", [](const ScalarBindInput& in) {
    return BindRegexpScan("regexp_instr", Scan::kInstr, in);
  });
}

}  // namespace floe
