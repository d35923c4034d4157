// Iceberg 1.10's ZOrderByteUtils (core/src/main/java/org/apache/iceberg/util/) and Spark's
// SparkZOrderUDF, ported: the per-type ordered bytes and the bit interleaving.
#include "iceberg/write/zorder.h"

#include <algorithm>
#include <cstring>

#include "common/exception.h"
#include "common/string_ref.h"

namespace floe::iceberg {

namespace {

constexpr size_t kPrimitiveBufferSize = 8;

void PutLong(uint64_t v, char* out) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((v >> (56 - 8 * i)) & 0xff);
}

// wholeNumberOrderedBytes: the sign bit flipped, big-endian
void WholeNumber(int64_t v, char* out) { PutLong(static_cast<uint64_t>(v) ^ 0x8000000000000000ULL, out); }

// floatingPointOrderedBytes: negative values have every bit flipped, others the sign bit
void FloatingPoint(double v, char* out) {
  int64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(bits));
  bits ^= ((bits >> 31) | INT64_MIN);  // (lval >> (Integer.SIZE - 1)) | Long.MIN_VALUE, as Java
  PutLong(static_cast<uint64_t>(bits), out);
}

}  // namespace

bool ZOrderSupports(const LogicalType& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kInt64:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime:
      return true;
    default:
      return false;
  }
}

std::string InterleaveBits(const std::vector<std::string>& inputs, size_t interleaved_size) {
  std::string out(interleaved_size, '\0');
  size_t available = 0;
  for (const auto& in : inputs) available += in.size();
  // why: Java's loop never ends when asked for more bytes than the inputs hold
  interleaved_size = std::min(interleaved_size, available);
  size_t source_column = 0, source_byte = 0, interleave_byte = 0;
  int source_bit = 7, interleave_bit = 7;
  // the next source bit: the next column's, or the next bit of the first column, skipping
  // columns that have run out
  auto advance = [&] {
    do {
      if (++source_column == inputs.size()) {
        source_column = 0;
        if (--source_bit == -1) {
          ++source_byte;
          source_bit = 7;
        }
      }
    } while (inputs[source_column].size() <= source_byte);
  };
  if (interleaved_size > 0 && inputs[0].empty()) advance();
  while (interleave_byte < interleaved_size) {
    auto byte = static_cast<uint8_t>(inputs[source_column][source_byte]);
    out[interleave_byte] = static_cast<char>(static_cast<uint8_t>(out[interleave_byte]) |
                                             (((byte >> source_bit) & 1) << interleave_bit));
    if (--interleave_bit == -1) {
      ++interleave_byte;
      interleave_bit = 7;
    }
    if (interleave_byte == interleaved_size) break;
    advance();
  }
  return out;
}

void ZValues(const std::vector<const Vector*>& columns, size_t n, const ZOrderOptions& options,
             std::vector<std::string>* out) {
  size_t total = 0;  // SparkZOrderUDF.increaseOutputSize, per column
  std::vector<size_t> widths;
  for (const Vector* v : columns) {
    TypeId id = v->type().id();
    size_t width = id == TypeId::kString || id == TypeId::kBinary ? static_cast<size_t>(options.var_length_contribution)
                                                                  : kPrimitiveBufferSize;
    widths.push_back(width);
    total = std::min(total + width, static_cast<size_t>(std::max(options.max_output_size, 1)));
  }
  std::vector<std::string> inputs(columns.size());
  for (size_t c = 0; c < columns.size(); ++c) inputs[c].assign(widths[c], '\0');
  for (size_t row = 0; row < n; ++row) {
    for (size_t c = 0; c < columns.size(); ++c) {
      const Vector& v = *columns[c];
      std::string& bytes = inputs[c];
      std::fill(bytes.begin(), bytes.end(), '\0');  // NULL: PRIMITIVE_EMPTY / zero fill
      if (v.IsNull(row)) continue;
      char* p = bytes.data();
      switch (v.type().id()) {
        case TypeId::kBoolean:
          p[0] = v.Data<uint8_t>()[row] ? static_cast<char>(-127) : 0;  // as SparkZOrderUDF
          break;
        case TypeId::kInt8:
          WholeNumber(v.Data<int8_t>()[row], p);
          break;
        case TypeId::kInt16:
          WholeNumber(v.Data<int16_t>()[row], p);
          break;
        case TypeId::kInt32:
        case TypeId::kDate:
          WholeNumber(v.Data<int32_t>()[row], p);
          break;
        case TypeId::kInt64:
        case TypeId::kTimestamp:
        case TypeId::kTimestampNtz:
        case TypeId::kTimestampNs:
        case TypeId::kTimestampNtzNs:
        case TypeId::kTime:
          WholeNumber(v.Data<int64_t>()[row], p);
          break;
        case TypeId::kFloat:
          FloatingPoint(v.Data<float>()[row], p);
          break;
        case TypeId::kDouble:
          FloatingPoint(v.Data<double>()[row], p);
          break;
        case TypeId::kString:
        case TypeId::kBinary: {  // stringToOrderedBytes / byteTruncateOrFill
          std::string_view s = v.Data<StringRef>()[row].view();
          std::memcpy(p, s.data(), std::min(s.size(), bytes.size()));
          break;
        }
        default:
          throw InternalError("z-order of a column of type " + v.type().ToString());
      }
    }
    out->push_back(InterleaveBits(inputs, total));
  }
}

}  // namespace floe::iceberg
