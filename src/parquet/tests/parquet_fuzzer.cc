// libFuzzer target: feeds arbitrary bytes to the Parquet reader as a file and reads
// every readable column. Built only with -DFLOE_FUZZ=ON and clang:
//   cmake -B build/fuzz -DFLOE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ && \
//   cmake --build build/fuzz --target parquet_fuzzer && \
//   build/fuzz/src/parquet/parquet_fuzzer -max_len=65536 corpus/
// Seed the corpus with small files from the parquet tests or the interop run.
// Any exception other than FormatError / NotImplementedError is a bug: it aborts.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "common/exception.h"
#include "parquet/parquet_reader.h"
#include "io/tests/test_file_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = "/tmp/floe_parquet_fuzz_" + std::to_string(getpid()) + ".parquet";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    auto reader = floe::ParquetReader::Open(::floe::testing::TestIO(), path);
    std::vector<int> projection;
    for (size_t i = 0; i < reader->columns().size(); ++i) {
      if (reader->columns()[i].unsupported.empty()) projection.push_back(static_cast<int>(i));
    }
    floe::DataChunk chunk;
    for (int g = 0; g < reader->num_row_groups(); ++g) {
      auto rg = reader->ReadRowGroup(g, projection, {});
      while (rg->Next(chunk)) {
        for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
          for (size_t r = 0; r < chunk.size(); ++r) chunk.column(c).GetValue(r);
        }
      }
    }
  } catch (const floe::FormatError&) {
  } catch (const floe::NotImplementedError&) {
  }
  return 0;
}
