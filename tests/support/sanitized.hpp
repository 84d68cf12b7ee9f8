// Whether this build runs under AddressSanitizer or ThreadSanitizer: a few
// checks that take many seconds in Release are left to the Release build there
// (they exercise nothing the sanitizers see that quicker ones do not). Such a
// test is named FullSpeed.*: scripts/test.sh's Release build, which runs no
// other unit test, runs those (tests/CMakeLists.txt).
#pragma once

namespace test_support {

inline bool sanitized() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return true;
#endif
#endif
  return false;
}

// ThreadSanitizer alone: starting threads costs some 30 times as much there.
inline bool thread_sanitized() {
#if defined(__SANITIZE_THREAD__)
  return true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
  return true;
#endif
#endif
  return false;
}

}  // namespace test_support
