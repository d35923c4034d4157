#include <gtest/gtest.h>

#include <random>

#include "common/exception.h"
#include "common/tests/torture_scale.h"
#include "iceberg/avro/avro_decoder.h"
#include "iceberg/avro/avro_encoder.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/avro/avro_file_writer.h"

namespace floe::iceberg::avro {
namespace {

const char* kSchema = R"J({"type":"record","name":"rec","fields":[
  {"name":"id","type":"long","field-id":1},
  {"name":"name","type":["null","string"],"default":null,"field-id":2},
  {"name":"flag","type":"boolean","field-id":3},
  {"name":"score","type":"double","field-id":4},
  {"name":"ratio","type":"float","field-id":5},
  {"name":"tags","type":{"type":"array","items":"int","element-id":7},"field-id":6},
  {"name":"counts","type":["null",{"type":"array","items":{"type":"record","name":"k9_v10","fields":[
     {"name":"key","type":"int","field-id":9},{"name":"value","type":"long","field-id":10}]},
     "logicalType":"map"}],"default":null,"field-id":8},
  {"name":"props","type":{"type":"map","values":"bytes"},"field-id":11},
  {"name":"hash","type":{"type":"fixed","name":"f4","size":4},"field-id":12},
  {"name":"again","type":["null","k9_v10"],"default":null,"field-id":13}
]})J";

AvroDatum MakeRecord(int64_t i) {
  AvroDatum props;
  props.type = AvroType::kMap;
  props.entries.push_back({"k" + std::to_string(i), AvroDatum::Bytes(std::string("\0\1", 2))});
  return AvroDatum::Record({
      AvroDatum::Long(i * 1000003 - 500),
      i % 3 == 0 ? AvroDatum::Null() : AvroDatum::String("name-" + std::to_string(i)),
      AvroDatum::Boolean(i % 2 == 0),
      AvroDatum::Double(i * 0.5),
      AvroDatum::Float(static_cast<float>(i) / 4),
      AvroDatum::Array({AvroDatum::Int(static_cast<int32_t>(i)), AvroDatum::Int(-1)}),
      AvroDatum::Array({AvroDatum::Record({AvroDatum::Int(1), AvroDatum::Long(i)})}),
      props,
      AvroDatum::Fixed("abcd"),
      i % 2 ? AvroDatum::Record({AvroDatum::Int(2), AvroDatum::Long(-i)}) : AvroDatum::Null(),
  });
}

TEST(AvroEncodingTest, ZigzagVarints) {
  AvroEncoder e;
  for (int64_t v : {0L, -1L, 1L, -64L, 64L, INT64_MAX, INT64_MIN}) e.WriteLong(v);
  EXPECT_EQ(e.buffer().substr(0, 5), std::string("\x00\x01\x02\x7f\x80\x01", 6).substr(0, 5));
  AvroDecoder d(e.buffer(), "test");
  for (int64_t v : {0L, -1L, 1L, -64L, 64L, INT64_MAX, INT64_MIN}) EXPECT_EQ(d.ReadLong(), v);
  EXPECT_TRUE(d.AtEnd());
}

TEST(AvroFileTest, RoundTripsEveryTypeWithBothCodecs) {
  for (AvroCodec codec : {AvroCodec::kNull, AvroCodec::kDeflate}) {
    AvroFileWriter writer(kSchema, {{"iceberg-key", "value"}}, codec);
    for (int i = 0; i < 3000; ++i) writer.Append(MakeRecord(i));
    std::string bytes = writer.Finish();
    AvroFileReader reader(bytes, "round-trip.avro");
    EXPECT_EQ(reader.Metadata("avro.schema"), kSchema);  // kept verbatim
    EXPECT_EQ(reader.Metadata("iceberg-key"), "value");
    EXPECT_EQ(reader.Metadata("avro.codec"), codec == AvroCodec::kDeflate ? "deflate" : "null");
    EXPECT_EQ(reader.schema().fields()[6].schema->NonNull().logical_type(), "map");
    EXPECT_EQ(reader.schema().fields()[5].schema->element_id(), 7);
    EXPECT_EQ(reader.schema().FieldIndex(12, "renamed"), 8);
    AvroDatum d;
    int n = 0;
    while (reader.Next(&d)) {
      AvroDatum want = MakeRecord(n);
      ASSERT_EQ(d.items.size(), want.items.size());
      EXPECT_EQ(d.items[0].long_value, want.items[0].long_value);
      EXPECT_EQ(d.items[1].is_null(), want.items[1].is_null());
      EXPECT_EQ(d.items[1].bytes, want.items[1].bytes);
      EXPECT_EQ(d.items[2].boolean, want.items[2].boolean);
      EXPECT_EQ(d.items[3].double_value, want.items[3].double_value);
      EXPECT_EQ(d.items[4].double_value, want.items[4].double_value);
      ASSERT_EQ(d.items[5].items.size(), 2u);
      EXPECT_EQ(d.items[5].items[0].long_value, n);
      EXPECT_EQ(d.items[6].items[0].items[1].long_value, n);
      ASSERT_EQ(d.items[7].entries.size(), 1u);
      EXPECT_EQ(d.items[7].entries[0].key, "k" + std::to_string(n));
      EXPECT_EQ(d.items[8].bytes, "abcd");
      EXPECT_EQ(d.items[9].is_null(), n % 2 == 0);
      ++n;
    }
    EXPECT_EQ(n, 3000);
  }
}

TEST(AvroFileTest, RejectsCorruptInputWithFormatError) {
  AvroFileWriter writer(kSchema, {}, AvroCodec::kDeflate);
  for (int i = 0; i < 50; ++i) writer.Append(MakeRecord(i));
  const std::string good = writer.Finish();
  auto read_all = [](const std::string& bytes) {
    AvroFileReader reader(bytes, "corrupt.avro");
    AvroDatum d;
    int n = 0;
    while (reader.Next(&d)) ++n;
    return n;
  };
  ASSERT_EQ(read_all(good), 50);
  EXPECT_THROW(read_all("not avro"), FormatError);
  EXPECT_THROW(read_all(""), FormatError);
  // Every truncation and many random byte flips either read or throw FormatError.
  for (size_t len = 0; len < good.size(); len += 7) {
    EXPECT_THROW(read_all(good.substr(0, len)), FormatError) << "truncated to " << len;
  }
  std::mt19937 rng(42);
  int errors = 0;
  for (int round = 0; round < 2000 * ::floe::testing::TortureScale(); ++round) {
    std::string bad = good;
    for (int k = 0; k < 3; ++k) bad[rng() % bad.size()] = static_cast<char>(rng());
    try {
      read_all(bad);
    } catch (const FormatError&) {
      ++errors;
    } catch (const NotImplementedError&) {
      ++errors;  // a flipped codec name
    }
  }
  EXPECT_GT(errors, 0);
}

// Expects `fn` to throw FormatError whose message holds `part`.
template <typename Fn>
void ExpectFormatError(Fn&& fn, const std::string& part) {
  try {
    fn();
    ADD_FAILURE() << "expected FormatError";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(AvroDecoderTest, ValuesThatTakeNoBytesAreCountedNotTrusted) {
  // Nulls and empty records take no bytes, so the data's size does not bound how many an
  // array claims: a trillion of them must fail at once, not fill memory.
  for (const char* items : {R"("null")", R"({"type":"record","name":"empty","fields":[]})",
                            R"({"type":"fixed","name":"f0","size":0})"}) {
    AvroSchemaPtr schema = AvroSchema::Parse(std::string(R"({"type":"array","items":)") + items + "}");
    EXPECT_TRUE(MayTakeNoBytes(*schema->items()));
    AvroEncoder e;
    e.WriteLong(int64_t{1} << 40);
    e.WriteLong(0);
    AvroDecoder decode(e.buffer(), "array.avro");
    ExpectFormatError([&] { decode.Decode(*schema); }, "values that take no bytes, past the limit of 1048576");
    AvroDecoder skip(e.buffer(), "array.avro");
    ExpectFormatError([&] { skip.Skip(*schema); }, "values that take no bytes");
    // A thousand read as ever.
    AvroEncoder few;
    few.WriteLong(1000);
    few.WriteLong(0);
    AvroDecoder ok(few.buffer(), "array.avro");
    EXPECT_EQ(ok.Decode(*schema).items.size(), 1000u);
  }
  EXPECT_FALSE(MayTakeNoBytes(*AvroSchema::Parse(std::string(R"({"type":"record","name":"r","fields":[
      {"name":"a","type":"null"},{"name":"b","type":"int"}]})"))));
}

TEST(AvroFileTest, ABlockClaimingMoreRecordsThanItsBytesIsCorrupt) {
  // One record of one long (a byte), its block's count rewritten to a trillion.
  auto file_with_count = [](const char* schema, const std::string& record, int64_t count) {
    AvroFileWriter writer(schema, {}, AvroCodec::kNull);
    AvroDatum d = AvroDatum::Record({});
    if (!record.empty()) d = AvroDatum::Record({AvroDatum::Long(5)});
    writer.Append(d);
    std::string bytes = writer.Finish();
    // The file ends with the block: count 1, size, the record's bytes, the sync marker.
    size_t block = bytes.size() - 16 - record.size() - 2;
    EXPECT_EQ(bytes.substr(block, 2), std::string("\x02", 1) + static_cast<char>(record.size() * 2));
    AvroEncoder head;
    head.WriteLong(count);
    head.WriteLong(static_cast<int64_t>(record.size()));
    return bytes.substr(0, block) + head.buffer() + record + bytes.substr(bytes.size() - 16);
  };
  auto read_all = [](const std::string& bytes) {
    AvroFileReader reader(bytes, "claims.avro");
    AvroDatum d;
    int64_t n = 0;
    while (reader.Next(&d)) ++n;
    return n;
  };
  const char* one_long = R"({"type":"record","name":"r","fields":[{"name":"a","type":"long"}]})";
  EXPECT_EQ(read_all(file_with_count(one_long, "\x0a", 1)), 1);
  ExpectFormatError([&] { read_all(file_with_count(one_long, "\x0a", int64_t{1} << 40)); },
                    "claims 1099511627776 records in 1 bytes");
  const char* empty = R"({"type":"record","name":"r","fields":[]})";
  EXPECT_EQ(read_all(file_with_count(empty, "", 1000)), 1000);
  ExpectFormatError([&] { read_all(file_with_count(empty, "", int64_t{1} << 40)); }, "values that take no bytes");
}

TEST(AvroSchemaTest, RejectsMalformedSchemas) {
  EXPECT_THROW(AvroSchema::Parse(std::string("{")), FormatError);
  // a record whose field refers back to it (a cycle of shared pointers that leaked, found by
  // fuzzing): refused
  EXPECT_THROW(AvroSchema::Parse(std::string(
                   R"({"type":"record","name":"node","fields":[{"name":"next","type":["null","node"]}]})")),
               FormatError);
  EXPECT_THROW(AvroSchema::Parse(std::string(R"({"type":"record","name":"x"})")), FormatError);
  EXPECT_THROW(AvroSchema::Parse(std::string(R"({"type":"nope"})")), FormatError);
  EXPECT_THROW(AvroSchema::Parse(std::string(R"("unknown_named")")), FormatError);
  EXPECT_THROW(AvroSchema::Parse(std::string(R"([])")), FormatError);
}

}  // namespace
}  // namespace floe::iceberg::avro
