// A strict, minimal JSON reader (RFC 8259 syntax) for the command-line tests:
// it says whether a line is exactly one JSON object. Header-only.
#pragma once

#include <string_view>

namespace test_support {

class json_checker {
 public:
  static bool is_object(std::string_view text) {
    json_checker c(text);
    c.blanks();
    if (c.peek() != '{' || !c.value()) return false;
    c.blanks();
    return c.at_ == text.size();
  }

 private:
  explicit json_checker(std::string_view text) : text_(text) {}
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  bool eat(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  void blanks() {
    while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')
      ++at_;
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }
  bool digits() {
    const auto from = at_;
    while (peek() >= '0' && peek() <= '9')
      ++at_;
    return at_ > from;
  }
  bool number() {
    eat('-');
    if (!eat('0') && !digits()) return false;
    if (eat('.') && !digits()) return false;
    if (eat('e') || eat('E')) {
      if (!eat('+')) eat('-');
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (!eat('"')) return false;
    while (at_ < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[at_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c == '\\') {
        const char e = peek();
        ++at_;
        if (e == 'u') {
          for (int k = 0; k < 4; ++k, ++at_) {
            if (!std::isxdigit(static_cast<unsigned char>(peek()))) return false;
          }
        } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool value() {
    blanks();
    switch (peek()) {
      case '{': {
        ++at_;
        blanks();
        if (eat('}')) return true;
        do {
          blanks();
          if (!string()) return false;
          blanks();
          if (!eat(':') || !value()) return false;
          blanks();
        } while (eat(','));
        return eat('}');
      }
      case '[': {
        ++at_;
        blanks();
        if (eat(']')) return true;
        do {
          if (!value()) return false;
          blanks();
        } while (eat(','));
        return eat(']');
      }
      case '"':
        return string();
      case 't':
        return word("true");
      case 'f':
        return word("false");
      case 'n':
        return word("null");
      default:
        return number();
    }
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace test_support
