// Reads v1 manifests and manifest lists (as Iceberg Java's V1Metadata writes them): other
// field names, a required snapshot id, no sequence numbers, an extra block size field.
#include <gtest/gtest.h>

#include "common/exception.h"
#include "iceberg/avro/avro_file_writer.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"

namespace floe::iceberg {
namespace {

using avro::AvroDatum;

const char* kV1ManifestSchema = R"J({"type":"record","name":"manifest_entry","fields":[
  {"name":"status","type":"int","field-id":0},
  {"name":"snapshot_id","type":"long","field-id":1},
  {"name":"data_file","type":{"type":"record","name":"r2","fields":[
    {"name":"file_path","type":"string","field-id":100},
    {"name":"file_format","type":"string","field-id":101},
    {"name":"partition","type":{"type":"record","name":"r102","fields":[
      {"name":"ts_day","type":["null",{"type":"int","logicalType":"date"}],"default":null,"field-id":1000}]},
     "field-id":102},
    {"name":"record_count","type":"long","field-id":103},
    {"name":"file_size_in_bytes","type":"long","field-id":104},
    {"name":"block_size_in_bytes","type":"long","field-id":105},
    {"name":"value_counts","type":["null",{"type":"array","items":{"type":"record","name":"k119_v120",
      "fields":[{"name":"key","type":"int","field-id":119},{"name":"value","type":"long","field-id":120}]},
      "logicalType":"map"}],"default":null,"field-id":109},
    {"name":"custom_extra","type":{"type":"map","values":"string"},"field-id":9999},
    {"name":"split_offsets","type":["null",{"type":"array","items":"long","element-id":133}],"default":null,"field-id":132}
  ]},"field-id":2}]})J";

const char* kV1ListSchema = R"J({"type":"record","name":"manifest_file","fields":[
  {"name":"manifest_path","type":"string","field-id":500},
  {"name":"manifest_length","type":"long","field-id":501},
  {"name":"partition_spec_id","type":"int","field-id":502},
  {"name":"added_snapshot_id","type":["null","long"],"default":null,"field-id":503},
  {"name":"added_data_files_count","type":["null","int"],"default":null,"field-id":504},
  {"name":"existing_data_files_count","type":["null","int"],"default":null,"field-id":505},
  {"name":"deleted_data_files_count","type":["null","int"],"default":null,"field-id":506},
  {"name":"partitions","type":["null",{"type":"array","items":{"type":"record","name":"r508","fields":[
    {"name":"contains_null","type":"boolean","field-id":509},
    {"name":"lower_bound","type":["null","bytes"],"default":null,"field-id":510},
    {"name":"upper_bound","type":["null","bytes"],"default":null,"field-id":511}]},"element-id":508}],
   "default":null,"field-id":507},
  {"name":"added_rows_count","type":["null","long"],"default":null,"field-id":512}]})J";

TEST(ManifestV1Test, ReadsV1ListAndManifestWithInheritance) {
  avro::AvroFileWriter list(kV1ListSchema, {{"format-version", "1"}}, avro::AvroCodec::kNull);
  list.Append(AvroDatum::Record({AvroDatum::String("/tmp/m.avro"), AvroDatum::Long(123), AvroDatum::Int(0),
                                 AvroDatum::Long(42), AvroDatum::Int(2), AvroDatum::Null(), AvroDatum::Int(0),
                                 AvroDatum::Array({AvroDatum::Record({AvroDatum::Boolean(true),
                                                                     AvroDatum::Bytes("\x01\x00\x00\x00"),
                                                                     AvroDatum::Null()})}),
                                 AvroDatum::Long(30)}));
  auto manifests = ManifestListReader::Read(list.Finish(), "v1-list.avro");
  ASSERT_EQ(manifests.size(), 1u);
  const ManifestFile& mf = manifests[0];
  EXPECT_EQ(mf.added_snapshot_id, 42);
  EXPECT_EQ(mf.added_files_count, 2);  // resolved by field id 504 despite the v1 name
  EXPECT_EQ(mf.existing_files_count, 0);
  EXPECT_EQ(mf.added_rows_count, 30);
  EXPECT_EQ(mf.sequence_number, 0);
  EXPECT_EQ(mf.content, ManifestContent::kData);
  ASSERT_EQ(mf.partitions.size(), 1u);
  EXPECT_TRUE(mf.partitions[0].contains_null);
  EXPECT_FALSE(mf.partitions[0].contains_nan.has_value());
  EXPECT_FALSE(mf.partitions[0].upper_bound.has_value());

  avro::AvroFileWriter manifest(kV1ManifestSchema, {{"format-version", "1"}, {"partition-spec-id", "0"}},
                                avro::AvroCodec::kDeflate);
  for (int i = 0; i < 2; ++i) {
    AvroDatum extra;
    extra.type = avro::AvroType::kMap;
    extra.entries.push_back({"k", AvroDatum::String("v")});
    manifest.Append(AvroDatum::Record(
        {AvroDatum::Int(1), AvroDatum::Long(42),
         AvroDatum::Record({AvroDatum::String("/data/f" + std::to_string(i) + ".parquet"), AvroDatum::String("PARQUET"),
                            AvroDatum::Record({i == 0 ? AvroDatum::Int(19000) : AvroDatum::Null()}), AvroDatum::Long(15),
                            AvroDatum::Long(1000), AvroDatum::Long(67108864),
                            AvroDatum::Array({AvroDatum::Record({AvroDatum::Int(1), AvroDatum::Long(15)})}), extra,
                            AvroDatum::Null()})}));
  }
  ManifestReader reader(manifest.Finish(), "v1-manifest.avro", mf);
  EXPECT_EQ(reader.format_version(), 1);
  auto entries = reader.Entries();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].snapshot_id, 42);
  EXPECT_EQ(entries[0].sequence_number, 0);  // v1 files have data sequence number 0
  EXPECT_EQ(entries[0].file_sequence_number, 0);
  EXPECT_EQ(entries[0].data_file.content, FileContent::kData);
  EXPECT_EQ(entries[0].data_file.partition[0], Value::Date(19000));
  EXPECT_TRUE(entries[1].data_file.partition[0].is_null());
  EXPECT_EQ(entries[1].data_file.file_path, "/data/f1.parquet");
  EXPECT_EQ(entries[1].data_file.value_counts.at(1), 15);
  EXPECT_TRUE(entries[1].data_file.split_offsets.empty());
  EXPECT_EQ(reader.partition_field_ids(), std::vector<int>{1000});
}

TEST(ManifestV1Test, RejectsManifestsMissingRequiredFields) {
  const char* schema = R"J({"type":"record","name":"manifest_entry","fields":[
    {"name":"status","type":"int","field-id":0}]})J";
  avro::AvroFileWriter writer(schema, {}, avro::AvroCodec::kNull);
  writer.Append(AvroDatum::Record({AvroDatum::Int(1)}));
  ManifestReader reader(writer.Finish(), "broken.avro");
  try {
    reader.Entries();
    FAIL() << "a manifest entry without data_file must be rejected";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.avro"), std::string::npos);
  }
  EXPECT_THROW(ManifestListReader::Read("Obj\x01garbage", "list.avro"), FormatError);
}

}  // namespace
}  // namespace floe::iceberg
