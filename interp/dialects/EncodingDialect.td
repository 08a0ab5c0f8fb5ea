//===- EncodingDialect.td - IREE's iree_encoding (packed_storage) -*- tablegen -*-===//
//
// The one attribute of IREE's `iree_encoding` dialect that IREE's e2e tests
// put on tensor types the interpreter runs: `#iree_encoding.packed_storage`,
// which makes IREE store i1 elements packed, eight to a byte (IREE's
// EncodingAttrs.td, PackedStorageAttr). It changes no value: only the byte
// layout that `flow.tensor.bitcast` sees. Every other `iree_encoding`
// attribute is an error.
//
//===----------------------------------------------------------------------===//

#ifndef REF_ENCODING_DIALECT
#define REF_ENCODING_DIALECT

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/DialectBase.td"

def IREEEncoding_Dialect : Dialect {
  let name = "iree_encoding";
  let cppNamespace = "::ref::encoding";
  let summary = "IREE's tensor encodings (packed_storage only).";
  let useDefaultAttributePrinterParser = 1;
}

def IREEEncoding_PackedStorageAttr
    : AttrDef<IREEEncoding_Dialect, "PackedStorage"> {
  let mnemonic = "packed_storage";
  let summary = "sub-byte elements stored packed, low bits first";
}

#endif // REF_ENCODING_DIALECT
