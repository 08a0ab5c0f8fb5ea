//===- FrontendTest.cpp - Frontend detection, messages, lowering records --===//

#include "ireetools/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>

using namespace ref::gpu;

namespace {

FrontendKind detect(llvm::StringRef text) {
  auto k = detectFrontendText(text);
  EXPECT_TRUE(static_cast<bool>(k)) << llvm::toString(k.takeError());
  return k ? *k : FrontendKind::None;
}

TEST(Frontend, DetectsTorchAsIreeImportOnnxWritesIt) {
  EXPECT_EQ(detect(R"(module {
  func.func @g(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> attributes {torch.onnx_meta.opset_version = 17 : si64} {
    %0 = torch.operator "onnx.Relu"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
    return %0 : !torch.vtensor<[2],f32>
  }
})"),
            FrontendKind::Torch);
}

TEST(Frontend, DetectsTorchAtenOps) {
  EXPECT_EQ(detect("%0 = torch.aten.relu %arg0 : !torch.vtensor<[2],f32> -> "
                   "!torch.vtensor<[2],f32>"),
            FrontendKind::Torch);
}

TEST(Frontend, DetectsStableHloAndChlo) {
  EXPECT_EQ(detect("%0 = stablehlo.add %a, %b : tensor<4xf32>"),
            FrontendKind::StableHlo);
  EXPECT_EQ(detect("%0 = chlo.erf %a : tensor<4xf32> -> tensor<4xf32>"),
            FrontendKind::StableHlo);
  // The generic form, and an op without results first on its line.
  EXPECT_EQ(detect("%0:2 = \"stablehlo.infeed\"(%t) {infeed_config = \"\"} : "
                   "(!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)"),
            FrontendKind::StableHlo);
  EXPECT_EQ(detect("  stablehlo.return %x : tensor<f32>"),
            FrontendKind::StableHlo);
}

// StableHLO the interpreter runs as it is (generic form, its subset) is
// not lowered; one op outside the subset, or one op in the custom form,
// sends the whole program through IREE's lowering as before.
TEST(Frontend, InterpretedStableHloRunsAsItIs) {
  const std::string rw =
      "%r = \"stablehlo.reduce_window\"(%a, %c) ({\n"
      "^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
      "  %s = \"stablehlo.add\"(%x, %y) : (tensor<f32>, tensor<f32>) -> "
      "tensor<f32>\n"
      "  \"stablehlo.return\"(%s) : (tensor<f32>) -> ()\n"
      "}) {window_dimensions = array<i64: 4>} : (tensor<4xf32>, "
      "tensor<f32>) -> tensor<4xf32>\n";
  const std::string init = "%c = \"stablehlo.constant\"() {value = "
                           "dense<0.0> : tensor<f32>} : () -> tensor<f32>\n";
  EXPECT_EQ(detect(init + rw), FrontendKind::None);
  EXPECT_EQ(detect(init + rw + "%t = stablehlo.add %r, %r : tensor<4xf32>\n"),
            FrontendKind::StableHlo);
  EXPECT_EQ(detect(init + rw +
                   "%t = \"stablehlo.reverse\"(%r) {dimensions = array<i64: "
                   "0>} : (tensor<4xf32>) -> tensor<4xf32>\n"),
            FrontendKind::StableHlo);
  EXPECT_EQ(detect("%c = stablehlo.constant dense<0.0> : tensor<f32>\n" + rw),
            FrontendKind::StableHlo);
  EXPECT_TRUE(isInterpretedStablehloOp("stablehlo.reduce_window"));
  EXPECT_FALSE(isInterpretedStablehloOp("stablehlo.reduce"));
  EXPECT_FALSE(isInterpretedStablehloOp("chlo.erf"));
}

TEST(Frontend, DetectsTosaOpsButNotTheLoweredProgramsTargetEnv) {
  EXPECT_EQ(detect("%0 = tosa.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> "
                   "tensor<4xf32>"),
            FrontendKind::Tosa);
  // `iree-compile --compile-to=input` keeps the module attribute: the
  // lowered program is not TOSA any more.
  EXPECT_EQ(detect("module attributes {tosa.target_env = "
                   "#tosa.target_env<specification_version = \"1.0\">} {\n"
                   "  util.func public @main(%a: tensor<4xf32>) -> "
                   "tensor<4xf32> {\n    util.return %a : tensor<4xf32>\n"
                   "  }\n}"),
            FrontendKind::None);
}

TEST(Frontend, IgnoresCommentsStringsTypesAndLinalg) {
  EXPECT_EQ(detect("// %0 = stablehlo.add %a, %b\n"
                   "%0 = arith.addf %a, %b : f32 // tosa.add\n"
                   "%1 = linalg.generic {doc = \"stablehlo.add\"} ins() "
                   "outs()\n"),
            FrontendKind::None);
}

TEST(Frontend, MixedFrontendsAreAnError) {
  auto k = detectFrontendText("%0 = stablehlo.add %a, %b : tensor<4xf32>\n"
                              "%1 = tosa.add %a, %b : (tensor<4xf32>, "
                              "tensor<4xf32>) -> tensor<4xf32>\n");
  ASSERT_FALSE(static_cast<bool>(k));
  std::string msg = llvm::toString(k.takeError());
  EXPECT_NE(msg.find("stablehlo and tosa"), std::string::npos) << msg;
  EXPECT_NE(msg.find("--input-type"), std::string::npos) << msg;
}

TEST(Frontend, RequestedKindAndOnnxExtension) {
  auto k = detectFrontend("model.ONNX");
  ASSERT_TRUE(static_cast<bool>(k));
  EXPECT_EQ(*k, FrontendKind::Onnx);
  auto none = detectFrontend("model.onnx", "none");
  ASSERT_TRUE(static_cast<bool>(none));
  EXPECT_EQ(*none, FrontendKind::None);
  auto bad = detectFrontend("x.mlir", "jax");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("--input-type=jax"),
            std::string::npos);
  // Left to the parser, which names the file as it always has.
  auto missing = detectFrontend("/nonexistent/x.mlir");
  ASSERT_TRUE(static_cast<bool>(missing));
  EXPECT_EQ(*missing, FrontendKind::None);
}

TEST(Frontend, ToolMessageOfAPythonException) {
  ProcessResult r;
  r.kind = ProcessResult::Kind::Exited;
  r.exitCode = 1;
  r.stderrText = "Traceback (most recent call last):\n"
                 "  File \"x.py\", line 8, in <module>\n"
                 "    sys.exit(main())\n"
                 "google.protobuf.message.DecodeError: Error parsing message "
                 "with type 'onnx.ModelProto'\n";
  EXPECT_EQ(toolMessage(r), "google.protobuf.message.DecodeError: Error "
                            "parsing message with type 'onnx.ModelProto'");
}

TEST(Frontend, ToolMessageOfCompilerDiagnosticsAndCrashes) {
  ProcessResult r;
  r.kind = ProcessResult::Kind::Exited;
  r.exitCode = 1;
  r.stderrText = "a.mlir:2:8: error: failed to legalize operation "
                 "'stablehlo.custom_call'\n  %0 = ...\n       ^\n"
                 "a.mlir:2:8: note: see current operation\n";
  EXPECT_EQ(toolMessage(r), "a.mlir:2:8: error: failed to legalize operation "
                            "'stablehlo.custom_call'");
  ProcessResult crash;
  crash.kind = ProcessResult::Kind::Signaled;
  crash.signal = 11;
  EXPECT_NE(toolMessage(crash).find("SIGSEGV"), std::string::npos)
      << toolMessage(crash);
}

TEST(Frontend, LoweringRecordRoundTripsAndNamesBadFields) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("frontend-test", dir));
  Lowering l;
  l.kind = FrontendKind::Onnx;
  l.source = "m.onnx";
  l.original = "frontend/m.onnx";
  l.imported = "frontend/m.torch.mlir";
  l.lowered = "program.mlir";
  l.inputType = "onnx";
  LoweringCommand c;
  c.stage = FrontendStage::Import;
  c.argv = {"/x/iree-import-onnx", "frontend/m.onnx", "-o",
            "frontend/m.torch.mlir"};
  l.commands.push_back(c);
  ASSERT_FALSE(static_cast<bool>(writeLoweringRecord(dir, l)));
  auto back = readLoweringRecord(dir);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  ASSERT_TRUE(back->has_value());
  EXPECT_EQ((*back)->kind, FrontendKind::Onnx);
  EXPECT_EQ((*back)->commands.size(), 1u);
  EXPECT_EQ((*back)->commands[0].argv, c.argv);
  EXPECT_EQ((*back)->commands[0].stage, FrontendStage::Import);
  EXPECT_FALSE((*back)->reduced);

  llvm::SmallString<128> file(dir);
  llvm::sys::path::append(file, "frontend", "lowering.json");
  std::ofstream(std::string(file)) << R"({"kind": "jax", "source": "a",
    "original": "b", "lowered": "c"})";
  auto bad = readLoweringRecord(dir);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("field 'kind'"),
            std::string::npos);
  std::ofstream(std::string(file)) << R"({"kind": "onnx", "source": "a",
    "original": "b", "lowered": "c", "commands": [{"argv": [1]}]})";
  auto badArgv = readLoweringRecord(dir);
  ASSERT_FALSE(static_cast<bool>(badArgv));
  EXPECT_NE(llvm::toString(badArgv.takeError()).find("commands"),
            std::string::npos);
  llvm::sys::fs::remove_directories(dir);
}

TEST(Frontend, FailureNamesTheStageAndExitCode) {
  Lowering l;
  l.source = "m.onnx";
  l.failedStage = FrontendStage::Import;
  l.message = "DecodeError";
  EXPECT_EQ(l.exitCode(), kImportFailed);
  EXPECT_EQ(l.errorText(),
            "import: iree-import-onnx failed on m.onnx:\nDecodeError");
  l.failedStage = FrontendStage::Lower;
  EXPECT_EQ(l.exitCode(), kLowerFailed);
  EXPECT_EQ(l.errorText().rfind("lower: iree-compile", 0), 0u);
}

// Any text gets an answer or an error (never a crash), and text whose
// every line is a comment is no frontend program.
RC_GTEST_PROP(FrontendProps, AnyTextIsDetectedCommentsAreNothing,
              (const std::string &text)) {
  auto k = detectFrontendText(text);
  if (!k)
    llvm::consumeError(k.takeError());
  std::string commented;
  for (llvm::StringRef line : llvm::split(text, '\n'))
    commented += "//" + line.str() + "\n";
  auto c = detectFrontendText(commented);
  RC_ASSERT(static_cast<bool>(c));
  RC_ASSERT(*c == FrontendKind::None);
}

// An op of one frontend among arbitrary non-frontend lines is found, in
// either form, and its kind is its dialect's.
RC_GTEST_PROP(FrontendProps, AnOpAmongOtherLinesIsFound, ()) {
  const std::vector<std::pair<std::string, FrontendKind>> ops = {
      {"torch.aten.add.Tensor", FrontendKind::Torch},
      {"torch.operator", FrontendKind::Torch},
      {"stablehlo.dot_general", FrontendKind::StableHlo},
      {"chlo.broadcast_add", FrontendKind::StableHlo},
      {"tosa.matmul", FrontendKind::Tosa}};
  auto [name, kind] = *rc::gen::elementOf(ops);
  bool generic = *rc::gen::arbitrary<bool>();
  auto filler = *rc::gen::container<std::vector<std::string>>(
      rc::gen::elementOf(std::vector<std::string>{
          "%0 = arith.addf %a, %b : f32", "util.return %x : tensor<4xf32>",
          "}", "func.func @f(%a: tensor<4xf32>) {",
          "%1 = linalg.generic {doc = \"tosa.add\"} ins() outs()",
          "// stablehlo.add", "#map = affine_map<(d0) -> (d0)>"}));
  size_t at = *rc::gen::inRange<size_t>(0, filler.size() + 1);
  std::string opLine = generic ? "%r = \"" + name + "\"(%a) : (f32) -> f32"
                               : "%r = " + name + " %a : f32";
  filler.insert(filler.begin() + at, opLine);
  std::string text;
  for (const std::string &l : filler)
    text += l + "\n";
  auto k = detectFrontendText(text);
  RC_ASSERT(static_cast<bool>(k));
  RC_ASSERT(*k == kind);
}

} // namespace

namespace {

// Protobuf's wire format by hand: a length-delimited field.
std::string pbField(unsigned number, const std::string &bytes) {
  std::string s;
  auto varint = [&](uint64_t v) {
    do {
      uint8_t b = v & 0x7f;
      v >>= 7;
      s.push_back(char(b | (v ? 0x80 : 0)));
    } while (v);
  };
  varint((uint64_t(number) << 3) | 2);
  varint(bytes.size());
  return s + bytes;
}

/// A TensorProto whose data is in `location` (external_data = 13,
/// StringStringEntryProto key = 1, value = 2; data_location = 14 varint).
std::string externalTensor(const std::string &location) {
  std::string t = pbField(8, "W"); // name
  t += pbField(13, pbField(1, "location") + pbField(2, location));
  t += pbField(13, pbField(1, "offset") + pbField(2, "0"));
  t += std::string("\x70\x01", 2); // data_location: EXTERNAL
  return t;
}

} // namespace

TEST(OnnxExternalData, FindsInitializersAttributesAndSubgraphs) {
  // ModelProto.graph = 7; GraphProto.initializer = 5, node = 1;
  // NodeProto.attribute = 5; AttributeProto.t = 5, g = 6.
  std::string sub = pbField(5, externalTensor("sub/w2.bin"));
  std::string node =
      pbField(5, pbField(5, externalTensor("w.bin"))) + // a tensor attribute
      pbField(5, pbField(6, sub));                      // a subgraph
  std::string graph = pbField(5, externalTensor("w.bin")) + pbField(1, node) +
                      pbField(5, pbField(8, "inline")); // no external data
  std::string model = std::string("\x08\x08", 2) + // ir_version = 8
                      pbField(7, graph);
  auto files = ref::gpu::onnxExternalDataFiles(model);
  ASSERT_TRUE(bool(files)) << llvm::toString(files.takeError());
  EXPECT_EQ(*files, (std::vector<std::string>{"w.bin", "sub/w2.bin"}));
  auto none = ref::gpu::onnxExternalDataFiles(
      std::string("\x08\x08", 2) + pbField(7, pbField(5, pbField(8, "x"))));
  ASSERT_TRUE(bool(none));
  EXPECT_TRUE(none->empty());
}

TEST(OnnxExternalData, RefusesLocationsOutsideTheModelAndBadBytes) {
  for (const char *bad : {"/etc/passwd", "../w.bin", "a/../../w.bin", ""}) {
    std::string model =
        pbField(7, pbField(5, externalTensor(bad)));
    auto files = ref::gpu::onnxExternalDataFiles(model);
    ASSERT_FALSE(bool(files)) << bad;
    EXPECT_NE(llvm::toString(files.takeError()).find("not a file name"),
              std::string::npos);
  }
  // Truncated: a length past the end; a group wire type.
  std::string model = pbField(7, pbField(5, externalTensor("w.bin")));
  auto cut = ref::gpu::onnxExternalDataFiles(model.substr(0, 10));
  ASSERT_FALSE(bool(cut));
  EXPECT_NE(llvm::toString(cut.takeError()).find("not an ONNX model"),
            std::string::npos);
  auto group = ref::gpu::onnxExternalDataFiles(std::string("\x0b", 1));
  ASSERT_FALSE(bool(group));
  llvm::consumeError(group.takeError());
}

RC_GTEST_PROP(OnnxExternalData, AnyBytesAnAnswerOrAnError,
              (std::string bytes)) {
  auto files = ref::gpu::onnxExternalDataFiles(bytes);
  if (!files)
    llvm::consumeError(files.takeError());
}
