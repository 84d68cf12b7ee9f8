// Outlines of sets of cells (cells.hpp).
#include "svg/cells.hpp"

#include <fmt/core.h>

#include <cmath>
#include <map>

namespace svg {

std::vector<loop> outline(int rows, int columns, std::span<const std::uint32_t> cells) {
  std::vector<char> in(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns), 0);
  for (std::uint32_t p : cells) {
    if (p < in.size()) in[p] = 1;
  }
  auto inside = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < rows && c < columns &&
           in[static_cast<std::size_t>(r * columns + c)] != 0;
  };
  struct edge {
    point from, to, normal;
    bool used = false;
  };
  std::vector<edge> edges;
  for (std::uint32_t p : cells) {
    if (p >= in.size()) continue;
    const int r = static_cast<int>(p) / columns, c = static_cast<int>(p) % columns;
    // Each cell's boundary edges, walked so that consecutive ones join up:
    // along the top leftwards, down the left side, along the bottom
    // rightwards, up the right side.
    if (!inside(r - 1, c)) edges.push_back({{c + 1, r}, {c, r}, {0, 1}});
    if (!inside(r, c - 1)) edges.push_back({{c, r}, {c, r + 1}, {1, 0}});
    if (!inside(r + 1, c)) edges.push_back({{c, r + 1}, {c + 1, r + 1}, {0, -1}});
    if (!inside(r, c + 1)) edges.push_back({{c + 1, r + 1}, {c + 1, r}, {-1, 0}});
  }
  std::multimap<point, std::size_t> starting;
  for (std::size_t e = 0; e < edges.size(); ++e)
    starting.emplace(edges[e].from, e);
  std::vector<loop> loops;
  for (std::size_t first = 0; first < edges.size(); ++first) {
    if (edges[first].used) continue;
    std::vector<std::size_t> walk;
    for (std::size_t e = first;;) {
      edges[e].used = true;
      walk.push_back(e);
      // Where two parts touch at a corner, two edges leave it: turn towards
      // the cells, so that each part keeps to its own loop.
      std::size_t next = edges.size();
      const auto [lo, hi] = starting.equal_range(edges[e].to);
      for (auto it = lo; it != hi; ++it) {
        const edge& candidate = edges[it->second];
        if (candidate.used && it->second != first) continue;
        const point dir{candidate.to.x - candidate.from.x, candidate.to.y - candidate.from.y};
        if (next == edges.size() || dir == edges[e].normal) next = it->second;
      }
      if (next == edges.size() || next == first) break;
      e = next;
    }
    loop l;
    for (std::size_t i = 0; i < walk.size(); ++i) {
      const edge& a = edges[walk[i]];
      const edge& b = edges[walk[(i + 1) % walk.size()]];
      if (a.normal == b.normal) continue;  // straight on: not a corner
      l.corners.push_back(a.to);
      l.inward.push_back(b.normal);
    }
    if (!l.corners.empty()) loops.push_back(std::move(l));
  }
  return loops;
}

std::string path_data(const std::vector<loop>& loops, const placement& at, double inset) {
  std::string d;
  for (const loop& l : loops) {
    const std::size_t n = l.corners.size();
    for (std::size_t i = 0; i < n; ++i) {
      // Corner i joins edge i - 1 and edge i: it moves along both inward normals.
      const point& before = l.inward[(i + n - 1) % n];
      const point& after = l.inward[i];
      const double x = at.left + l.corners[i].x * at.size + inset * (before.x + after.x);
      const double y = at.top + l.corners[i].y * at.size + inset * (before.y + after.y);
      d += fmt::format("{}{} {}", i == 0 ? "M" : " L", number(x), number(y));
    }
    d += " Z ";
  }
  if (!d.empty()) d.pop_back();
  return d;
}

double text_baseline(double centre_y, double font_size) {
  return centre_y + 0.36 * font_size;
}

std::string number(double v) {
  std::string s = fmt::format("{:.2f}", std::round(v * 100) / 100);
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

namespace {

// The length of the well-formed UTF-8 sequence at text[i], or 0 (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    if (b == 0xE0) low = 0xA0;
    if (b == 0xED) high = 0x9F;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    if (b == 0xF0) low = 0x90;
    if (b == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return n;
}

}  // namespace

std::string escape(std::string_view text) {
  // XML 1.0 allows no control characters but tab and line ends, and a parser
  // rejects a document with malformed UTF-8: a file name can hold either.
  constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const std::size_t n = utf8_length(text, i);
    if (n == 0) {
      out += replacement;
      ++i;
      continue;
    }
    if (n > 1) {
      out += text.substr(i, n);
      i += n;
      continue;
    }
    ++i;
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          out += replacement;
        } else {
          out += c;
        }
    }
  }
  return out;
}

}  // namespace svg
