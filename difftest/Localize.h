//===- Localize.h - difftest localize: the one guilty dispatch --*- C++ -*-===//

#ifndef REF_DIFFTEST_LOCALIZE_H
#define REF_DIFFTEST_LOCALIZE_H

namespace ref::difftest {

/// `difftest localize PROGRAM --function=F --target=T`: the first dispatch
/// that is wrong on the inputs the target gave it (Localize.cpp).
int localizeCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_LOCALIZE_H
