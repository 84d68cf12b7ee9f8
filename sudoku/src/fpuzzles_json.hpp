// The values of f-puzzles' JSON as the reader (fpuzzles_reader.cpp) takes
// them: numbers written as numbers or strings, the members and lists an entry
// must have, each refused with the key and entry it sits in. Internal.
#pragma once

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "text_detail.hpp"

namespace sudoku::detail::fpuzzles_read {

using json = nlohmann::json;

// Something wrong in the data: the message names the key and entry.
struct data_error {
  std::string message;
};

[[noreturn]] inline void fail(std::string message) {
  throw data_error{std::move(message)};
}

// A value as a message shows it, cut short.
inline std::string shorten(const json& value) {
  std::string s = value.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

// An integer, written as a number or a string of one ("15"); nothing for
// an empty string or null (a clue without its number).
inline std::optional<int> integer(const json& value, const std::string& where) {
  if (value.is_null()) return std::nullopt;
  if (value.is_number_integer()) {
    const auto x = value.get<std::int64_t>();
    if (x < -100000 || x > 100000) fail(fmt::format("{}: {} is out of range", where, x));
    return static_cast<int>(x);
  }
  if (value.is_number_float()) {
    const double x = value.get<double>();
    if (!(x >= -100000 && x <= 100000) || x != std::floor(x))
      fail(fmt::format("{}: {} is not a whole number", where, value.dump()));
    return static_cast<int>(x);
  }
  if (!value.is_string()) fail(fmt::format("{}: expected a number, found {}", where, value.dump()));
  const std::string& s = value.get_ref<const std::string&>();
  std::string_view t = s;
  while (!t.empty() && is_blank(t.front()))
    t.remove_prefix(1);
  while (!t.empty() && is_blank(t.back()))
    t.remove_suffix(1);
  if (t.empty()) return std::nullopt;
  int x = 0;
  bool negative = false;
  std::size_t i = 0;
  if (t[0] == '-' || t[0] == '+') negative = t[i++] == '-';
  if (i == t.size()) fail(fmt::format("{}: '{}' is not a number", where, s));
  for (; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9' || x > 100000)
      fail(fmt::format("{}: '{}' is not a number", where, s));
    x = x * 10 + (t[i] - '0');
  }
  if (x > 100000) fail(fmt::format("{}: {} is out of range", where, s));
  return negative ? -x : x;
}

inline const json& member(const json& entry, std::string_view key, const std::string& where) {
  if (!entry.is_object())
    fail(fmt::format("{}: expected an object, found {}", where, shorten(entry)));
  const auto it = entry.find(key);
  if (it == entry.end()) fail(fmt::format("{} has no \"{}\"", where, key));
  return *it;
}

inline const json& array(const json& value, const std::string& where) {
  if (!value.is_array()) fail(fmt::format("{}: expected a list, found {}", where, shorten(value)));
  return value;
}

}  // namespace sudoku::detail::fpuzzles_read
