// ISS's share links (iss_detail.hpp): the constraint string a link's q
// parameter carries, decoded as a browser decodes a query.
#include <fmt/core.h>

#include <algorithm>

#include "iss_detail.hpp"
#include "text_detail.hpp"

namespace sudoku::detail {

std::optional<text_error> read_iss_link(std::string_view link, std::size_t column, iss_link& out) {
  const std::string no_q =
      "the link has no q= parameter (ISS's share links carry the constraint string as ?q=...)";
  link = link.substr(0, link.find('#'));  // a fragment is the page's, not the query's
  const std::size_t question = link.find('?');
  if (question == std::string_view::npos) return text_error{column, no_q};
  // The parameters, name=value separated by '&'; the first q is the one read.
  for (std::size_t at = question + 1; at <= link.size();) {
    const std::size_t amp = std::min(link.find('&', at), link.size());
    if (!link.substr(at, amp - at).starts_with("q=")) {
      at = amp + 1;
      continue;
    }
    out.value_column = column + at + 2;
    for (std::size_t i = at + 2; i < amp; ++i) {
      const char c = link[i];
      out.columns.push_back(column + i);
      if (c == '+') {
        out.text += ' ';
      } else if (c != '%') {
        out.text += c;
      } else {
        const int hi = i + 2 < amp ? hex_digit(link[i + 1]) : -1;
        const int lo = i + 2 < amp ? hex_digit(link[i + 2]) : -1;
        if (hi < 0 || lo < 0) {
          return text_error{column + i,
                            fmt::format("'{}' is not a %-escape (% and two hex digits)",
                                        link.substr(i, std::min<std::size_t>(3, amp - i)))};
        }
        out.text += static_cast<char>(hi * 16 + lo);
        i += 2;
      }
    }
    return std::nullopt;
  }
  return text_error{column, no_q};
}

}  // namespace sudoku::detail
