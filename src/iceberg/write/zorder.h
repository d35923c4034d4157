#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "common/vector.h"

namespace floe::iceberg {

/// How a z-order rewrite turns rows into z-values (Iceberg's SparkZOrderFileRewriteRunner
/// options): the columns, the bytes a string or binary column contributes
/// (var-length-contribution) and the most bytes of a z-value (max-output-size).
struct ZOrderOptions {
  /// The top-level columns (indexes into the rows) interleaved, in order.
  std::vector<int> columns;
  int var_length_contribution = 8;
  int max_output_size = INT_MAX;
};

/// Returns true when a column of type `type` can take part in a z-order (Spark's
/// SparkZOrderUDF.sortedLexicographically: integers, floating point, strings, binary,
/// booleans, dates and timestamps).
bool ZOrderSupports(const LogicalType& type);

/// Appends to `out` the z-value of each of the first `n` rows of `columns` (one Vector per
/// ZOrderOptions column, of a ZOrderSupports type), as Iceberg's ZOrderByteUtils makes it:
/// each value as bytes that sort in its order when compared unsigned (8 for fixed-width
/// types, var_length_contribution for strings and binary, zeros for NULL), the bits of
/// the columns interleaved from the most significant, cut at max_output_size bytes.
/// Z-values compare as unsigned byte strings (std::string's compare).
void ZValues(const std::vector<const Vector*>& columns, size_t n, const ZOrderOptions& options,
             std::vector<std::string>* out);

/// ZOrderByteUtils.interleaveBits: `interleaved_size` bytes taking one bit of each input in
/// turn, most significant first, skipping inputs that have run out.
std::string InterleaveBits(const std::vector<std::string>& inputs, size_t interleaved_size);

}  // namespace floe::iceberg
