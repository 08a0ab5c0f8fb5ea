// #util.byte_pattern<1> fills every storage byte with 0x01 (IREE's
// BytePatternAttr::serializeToBuffer): each i32 is 0x01010101 = 16843009.
util.global private @g = #util.byte_pattern<1> : tensor<4xi32>
func.func @main() -> tensor<4xi32> {
  %0 = util.global.load @g : tensor<4xi32>
  return %0 : tensor<4xi32>
}
