// Writes manifests and manifest lists, reads them back with floe's reader and with avsc
// (node, an independent Avro implementation), and compares.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <random>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/tests/torture_scale.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_list_writer.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

Schema TestSchema() {
  return Schema(1, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                    NestedField::Optional(2, "event_time", Type::Primitive(TypeKind::kTimestampTz)),
                    NestedField::Optional(3, "region", Type::Primitive(TypeKind::kString)),
                    NestedField::Optional(4, "price", Type::Decimal(9, 2)),
                    NestedField::Optional(5, "local", Type::Primitive(TypeKind::kTimestamp))});
}

PartitionSpec TestSpec() {
  return PartitionSpec(1, {PartitionField(2, 1000, "event_time_day", Transform::Day()),
                           PartitionField(3, 1001, "region", Transform::Identity()),
                           PartitionField(1, 1002, "id_bucket", Transform::Bucket(16)),
                           PartitionField(4, 1003, "price", Transform::Identity()),
                           PartitionField(5, 1004, "local_hour", Transform::Hour())});
}

DataFile MakeFile(int i) {
  DataFile f;
  f.file_path = "s3a://warehouse/db/t/data/file-" + std::to_string(i) + ".parquet";
  f.partition = {Value::Date(20468 + i), i == 2 ? Value::Null(TypeId::kString) : Value::String("EU/" + std::to_string(i)),
                 Transform::Bucket(16).Apply(Value::Int64(i)), Value::Decimal(-1234 + i, 9, 2),
                 Value::Int32(491232 + i)};
  f.record_count = 100 + i;
  f.file_size_in_bytes = 4096 + i;
  f.column_sizes = {{1, 800}, {2, 900}};
  f.value_counts = {{1, 100 + i}, {2, 100 + i}};
  f.null_value_counts = {{1, 0}, {2, 3}};
  f.lower_bounds = {{1, SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kLong), Value::Int64(-5))}};
  f.upper_bounds = {{1, SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kLong), Value::Int64(1LL << 40))}};
  f.split_offsets = {4};
  f.sort_order_id = 0;
  f.spec_id = 1;
  return f;
}

struct Written {
  fs::path dir, manifest, list;
  std::string manifest_schema;
  ManifestFile manifest_file;
};

Written WriteSample() {
  Written w;
  w.dir = fs::temp_directory_path() / ("floe_iceberg_" + std::to_string(::getpid()));
  fs::create_directories(w.dir);
  w.manifest = w.dir / "m0.avro";
  w.list = w.dir / "snap-77-1-x.avro";
  ManifestWriter writer(TestSchema(), TestSpec(), 77);
  for (int i = 0; i < 3; ++i) writer.Add(MakeFile(i));
  ManifestEntry old;
  old.snapshot_id = 5;
  old.sequence_number = 2;
  old.file_sequence_number = 2;
  old.data_file = MakeFile(9);
  writer.Existing(old);
  w.manifest_schema = writer.avro_schema();
  w.manifest_file = writer.WriteTo(::floe::testing::TestIO(), w.manifest.string(), "s3a://warehouse/db/t/metadata/m0.avro");
  ManifestListWriter list(77, 5, 3);
  list.Add(w.manifest_file);
  list.WriteTo(::floe::testing::TestIO(), w.list.string());
  return w;
}

TEST(ManifestWriterTest, RoundTripsThroughFloeReaders) {
  Written w = WriteSample();
  EXPECT_EQ(w.manifest_file.added_files_count, 3);
  EXPECT_EQ(w.manifest_file.existing_files_count, 1);
  EXPECT_EQ(w.manifest_file.added_rows_count, 100 + 101 + 102);
  EXPECT_EQ(w.manifest_file.min_sequence_number, 2);
  EXPECT_EQ(w.manifest_file.manifest_length, static_cast<int64_t>(fs::file_size(w.manifest)));
  ASSERT_EQ(w.manifest_file.partitions.size(), 5u);
  EXPECT_TRUE(w.manifest_file.partitions[1].contains_null);
  EXPECT_FALSE(w.manifest_file.partitions[0].contains_null);
  EXPECT_EQ(*w.manifest_file.partitions[0].lower_bound,
            SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kDate), Value::Date(20468)));
  EXPECT_EQ(*w.manifest_file.partitions[0].upper_bound,
            SingleValueSerialization::ToBytes(*Type::Primitive(TypeKind::kDate), Value::Date(20468 + 9)));

  auto manifests = ManifestListReader::Open(::floe::testing::TestIO(), w.list.string());
  ASSERT_EQ(manifests.size(), 1u);
  EXPECT_EQ(manifests[0].sequence_number, 3);  // assigned by the list writer
  EXPECT_EQ(manifests[0].min_sequence_number, 2);
  EXPECT_EQ(manifests[0].partitions, w.manifest_file.partitions);
  EXPECT_EQ(manifests[0].manifest_path, "s3a://warehouse/db/t/metadata/m0.avro");

  ManifestReader reader = ManifestReader::Open(::floe::testing::TestIO(), w.manifest.string(), manifests[0]);
  EXPECT_EQ(reader.format_version(), 2);
  EXPECT_EQ(reader.spec_id(), 1);
  ASSERT_TRUE(reader.schema().has_value());
  EXPECT_EQ(*reader.schema(), TestSchema());
  auto entries = reader.Entries();
  ASSERT_EQ(entries.size(), 4u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(entries[i].status, ManifestEntryStatus::kAdded);
    EXPECT_EQ(entries[i].snapshot_id, 77);
    EXPECT_EQ(entries[i].sequence_number, 3);  // inherited from the manifest list
    EXPECT_EQ(entries[i].file_sequence_number, 3);
    DataFile want = MakeFile(i);
    EXPECT_EQ(entries[i].data_file.file_path, want.file_path);
    EXPECT_EQ(entries[i].data_file.record_count, want.record_count);
    EXPECT_EQ(entries[i].data_file.lower_bounds, want.lower_bounds);
    EXPECT_EQ(entries[i].data_file.null_value_counts, want.null_value_counts);
    EXPECT_EQ(entries[i].data_file.split_offsets, want.split_offsets);
    ASSERT_EQ(entries[i].data_file.partition.size(), 5u);
    for (size_t p = 0; p < 5; ++p) {
      EXPECT_EQ(entries[i].data_file.partition[p].is_null(), want.partition[p].is_null());
      if (!want.partition[p].is_null()) {
        EXPECT_EQ(entries[i].data_file.partition[p], want.partition[p]) << p;
      }
    }
  }
  EXPECT_EQ(entries[3].status, ManifestEntryStatus::kExisting);
  EXPECT_EQ(entries[3].snapshot_id, 5);
  EXPECT_EQ(entries[3].sequence_number, 2);
  fs::remove_all(w.dir);
}

// Corrupted manifests and manifest lists either read or fail with FormatError, never
// with another exception or a crash (uncompressed, so flips reach the decoder).
TEST(ManifestWriterTest, CorruptManifestsFailCleanly) {
  ManifestWriter writer(TestSchema(), TestSpec(), 77, ManifestContent::kData, avro::AvroCodec::kNull);
  for (int i = 0; i < 5; ++i) writer.Add(MakeFile(i));
  std::string manifest = writer.Finish();
  ManifestListWriter list(77, std::nullopt, 1, avro::AvroCodec::kNull);
  list.Add(writer.ToManifestFile("m.avro", static_cast<int64_t>(manifest.size())));
  std::string list_bytes = list.Finish();
  std::mt19937 rng(11);
  int failures = 0;
  for (int round = 0; round < 3000 * ::floe::testing::TortureScale(); ++round) {
    std::string bad = round % 2 ? manifest : list_bytes;
    for (int k = 0; k < 2; ++k) bad[rng() % bad.size()] = static_cast<char>(rng());
    try {
      if (round % 2) {
        ManifestReader(bad, "fuzz-m.avro").Entries();
      } else {
        ManifestListReader::Read(bad, "fuzz-list.avro");
      }
    } catch (const FormatError&) {
      ++failures;
    } catch (const NotImplementedError&) {
      ++failures;
    }
  }
  EXPECT_GT(failures, 100);
}

// Runs avsc_dump.cjs on the files; returns one JSON object per file, or empty when node
// or the pinned avsc is unavailable.
std::vector<json> AvscDump(const std::vector<std::string>& files) {
  fs::path modules = fs::path(FLOE_SOURCE_DIR) / "test" / "interop" / "node_modules";
  fs::path script = fs::path(FLOE_SOURCE_DIR) / "src" / "iceberg" / "tests" / "avsc_dump.cjs";
  if (!fs::exists(modules / "avsc") || std::system("node --version > /dev/null 2>&1") != 0) return {};
  std::string cmd = "node '" + script.string() + "' '" + modules.string() + "'";
  for (const auto& f : files) cmd += " '" + f + "'";
  std::vector<json> out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return out;
  std::string text;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) text.append(buf, n);
  pclose(pipe);
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    if (nl > pos) out.push_back(json::parse(text.substr(pos, nl - pos)));
    pos = nl + 1;
  }
  return out;
}

TEST(ManifestInteropTest, AvscReadsWhatFloeWrites) {
  Written w = WriteSample();
  auto dumps = AvscDump({w.manifest.string(), w.list.string()});
  if (dumps.empty()) GTEST_SKIP() << "node or test/interop/node_modules/avsc not available";
  ASSERT_EQ(dumps.size(), 2u);
  const json& m = dumps[0];
  ASSERT_FALSE(m.contains("error")) << m["error"];
  EXPECT_EQ(m["codec"], "deflate");
  // The header keeps the schema text verbatim, with Iceberg's id attributes.
  EXPECT_EQ(m["schema"].get<std::string>(), w.manifest_schema);
  json schema = json::parse(m["schema"].get<std::string>());
  EXPECT_EQ(schema["fields"][4]["field-id"], 2);
  const json& data_file = schema["fields"][4]["type"];
  EXPECT_EQ(data_file["name"], "r2");
  EXPECT_EQ(data_file["fields"][3]["field-id"], 102);
  EXPECT_EQ(data_file["fields"][3]["type"]["fields"][0]["field-id"], 1000);
  EXPECT_EQ(data_file["fields"][3]["type"]["fields"][0]["type"][1]["logicalType"], "date");
  EXPECT_EQ(data_file["fields"][6]["type"][1]["logicalType"], "map");
  EXPECT_EQ(data_file["fields"][6]["type"][1]["items"]["fields"][0]["field-id"], 117);
  EXPECT_EQ(data_file["fields"][13]["type"][1]["element-id"], 133);
  EXPECT_EQ(m["metadata"]["format-version"], "2");
  EXPECT_EQ(m["metadata"]["partition-spec-id"], "1");
  EXPECT_EQ(m["metadata"]["content"], "data");
  EXPECT_EQ(json::parse(m["metadata"]["partition-spec"].get<std::string>()), TestSpec().ToJson()["fields"]);
  EXPECT_EQ(json::parse(m["metadata"]["schema"].get<std::string>()), TestSchema().ToJson());
  ASSERT_EQ(m["records"].size(), 4u);
  for (int i = 0; i < 3; ++i) {
    const json& r = m["records"][i];
    DataFile want = MakeFile(i);
    EXPECT_EQ(r["status"], 1);
    EXPECT_EQ(r["snapshot_id"], "77");
    EXPECT_TRUE(r["sequence_number"].is_null());
    EXPECT_EQ(r["data_file"]["file_path"], want.file_path);
    EXPECT_EQ(r["data_file"]["record_count"], std::to_string(want.record_count));
    EXPECT_EQ(r["data_file"]["partition"]["event_time_day"], want.partition[0].int32());
    EXPECT_EQ(r["data_file"]["partition"]["id_bucket"], want.partition[2].int32());
    EXPECT_EQ(r["data_file"]["partition"]["local_hour"], want.partition[4].int32());
    EXPECT_EQ(r["data_file"]["lower_bounds"][0]["value"], "0xfbffffffffffffff");  // -5 little-endian
    EXPECT_EQ(r["data_file"]["split_offsets"][0], "4");
  }
  EXPECT_TRUE(m["records"][2]["data_file"]["partition"]["region"].is_null());
  EXPECT_EQ(m["records"][0]["data_file"]["partition"]["region"], "EU/0");

  const json& l = dumps[1];
  ASSERT_FALSE(l.contains("error")) << l["error"];
  json list_schema = json::parse(l["schema"].get<std::string>());
  EXPECT_EQ(list_schema["name"], "manifest_file");
  EXPECT_EQ(list_schema["fields"][13]["type"][1]["element-id"], 508);
  EXPECT_EQ(l["metadata"]["snapshot-id"], "77");
  EXPECT_EQ(l["metadata"]["parent-snapshot-id"], "5");
  EXPECT_EQ(l["metadata"]["sequence-number"], "3");
  ASSERT_EQ(l["records"].size(), 1u);
  EXPECT_EQ(l["records"][0]["sequence_number"], "3");
  EXPECT_EQ(l["records"][0]["added_files_count"], 3);
  EXPECT_EQ(l["records"][0]["manifest_length"], std::to_string(fs::file_size(w.manifest)));
  EXPECT_EQ(l["records"][0]["partitions"][1]["contains_null"], true);
  fs::remove_all(w.dir);
}

TEST(ManifestInteropTest, FloeAndAvscAgreeOnEveryFixtureFile) {
  std::vector<std::string> files;
  for (const auto& table : testing::FirstSetFixtureTables()) {
    for (const auto& e : fs::directory_iterator(table / "metadata")) {
      if (e.path().extension() == ".avro") files.push_back(e.path().string());
    }
  }
  if (files.empty()) GTEST_SKIP() << "fixtures not found";
  auto dumps = AvscDump(files);
  if (dumps.empty()) GTEST_SKIP() << "node or avsc not available";
  ASSERT_EQ(dumps.size(), files.size());
  for (const auto& d : dumps) {
    SCOPED_TRACE(d["file"].get<std::string>());
    ASSERT_FALSE(d.contains("error"));
    avro::AvroFileReader reader(testing::ReadFile(d["file"].get<std::string>()), d["file"]);
    avro::AvroDatum datum;
    size_t n = 0;
    while (reader.Next(&datum)) ++n;
    EXPECT_EQ(n, d["records"].size());
    EXPECT_EQ(reader.Metadata("avro.schema"), d["schema"].get<std::string>());
    bool is_list = d["file"].get<std::string>().find("/snap-") != std::string::npos;
    if (is_list) {
      auto manifests = ManifestListReader::Read(testing::ReadFile(d["file"].get<std::string>()), "fixture");
      for (size_t i = 0; i < manifests.size(); ++i) {
        EXPECT_EQ(manifests[i].manifest_path, d["records"][i]["manifest_path"]);
        EXPECT_EQ(std::to_string(manifests[i].added_snapshot_id), d["records"][i]["added_snapshot_id"]);
      }
    } else {
      auto entries = ManifestReader(testing::ReadFile(d["file"].get<std::string>()), "fixture").Entries();
      for (size_t i = 0; i < entries.size(); ++i) {
        EXPECT_EQ(entries[i].data_file.file_path, d["records"][i]["data_file"]["file_path"]);
        EXPECT_EQ(std::to_string(entries[i].data_file.record_count), d["records"][i]["data_file"]["record_count"]);
      }
    }
  }
}

}  // namespace
}  // namespace floe::iceberg
