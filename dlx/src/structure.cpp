#include "structure.hpp"
#include "box_layout.hpp"

#include <dlx/structure.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

namespace dlx::detail {

namespace {

constexpr std::uint32_t none = ~std::uint32_t{0};
// Beyond these the analysis is skipped (no structure): the pairs of items that
// share an option are listed once, and every class is a byte per option.
constexpr std::size_t max_pairs = std::size_t{1} << 23;
constexpr std::uint32_t max_classes = 64;
constexpr std::uint32_t max_family_edges = 32;
constexpr std::size_t max_matchings = 64;
constexpr std::size_t max_families = std::size_t{1} << 23;  // the search's path codes

std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) {
  return std::uint64_t{std::min(a, b)} << 32 | std::max(a, b);
}

// A split of an item by a class: the options it shares with each item of the
// class (a group when two or more), and those it shares with none.
struct split {
  std::uint32_t item, cls;
  std::vector<std::uint32_t> groups;    // candidate group ids
  std::vector<std::uint32_t> partners;  // parallel to groups
  std::vector<std::uint32_t> singles;   // options
  bool in_family = false;
};

// The perfect matchings between x = 0..n-1 and y = 0..n-1 over `edge_of[x][y]`
// (an edge index, or none), as masks over the edges, in lexicographic order;
// false when there are more than max_matchings.
bool perfect_matchings(const std::vector<std::vector<std::uint32_t>>& edge_of,
                       std::vector<std::uint32_t>& out) {
  const std::size_t n = edge_of.size();
  std::vector<char> taken(n, 0);
  bool ok = true;
  auto walk = [&](auto&& self, std::size_t x, std::uint32_t mask) -> void {
    if (!ok) return;
    if (x == n) {
      if (out.size() == max_matchings) {
        ok = false;
        return;
      }
      out.push_back(mask);
      return;
    }
    for (std::size_t y = 0; y < n; ++y) {
      if (taken[y] || edge_of[x][y] == none) continue;
      taken[y] = 1;
      self(self, x + 1, mask | std::uint32_t{1} << edge_of[x][y]);
      taken[y] = 0;
    }
  };
  walk(walk, 0, 0);
  return ok;
}

}  // namespace

matrix_structure find_structure(const matrix_view& m) {
  matrix_structure out;
  const std::uint32_t primaries = m.primaries;
  const auto option_count = static_cast<std::uint32_t>(m.option_start.size() - 1);
  auto items_of = [&](std::uint32_t o) {
    return m.option_items.subspan(m.option_start[o], m.option_start[o + 1] - m.option_start[o]);
  };

  // Each item's options, increasing (CSR).
  std::vector<std::uint32_t> item_start(primaries + 1, 0), item_options(m.option_items.size());
  std::size_t pairs = 0;
  for (std::uint32_t o = 0; o < option_count; ++o) {
    const auto items = items_of(o);
    for (std::uint32_t k : items)
      ++item_start[k + 1];
    pairs += items.size() * (items.size() - (items.empty() ? 0 : 1)) / 2;
  }
  if (pairs > max_pairs) return out;
  for (std::uint32_t k = 0; k < primaries; ++k)
    item_start[k + 1] += item_start[k];
  {
    std::vector<std::uint32_t> next(item_start.begin(), item_start.end() - 1);
    for (std::uint32_t o = 0; o < option_count; ++o) {
      for (std::uint32_t k : items_of(o))
        item_options[next[k]++] = o;
    }
  }
  auto options_of = [&](std::uint32_t k) {
    return std::span<const std::uint32_t>(item_options.data() + item_start[k],
                                          item_start[k + 1] - item_start[k]);
  };

  // Candidate groups: every pair of items sharing two or more options, unless
  // the two have the same options (a group then says nothing). For each item a,
  // the items b > a its options share, with the option: a short list per a,
  // ordered by b and then option.
  std::vector<matrix_structure::group> candidates;
  std::vector<std::uint32_t> candidate_options;
  std::unordered_map<std::uint64_t, std::uint32_t> group_of_pair;
  struct shared {
    std::uint32_t b, option;
  };
  std::vector<shared> with;
  for (std::uint32_t a = 0; a < primaries; ++a) {
    with.clear();
    for (std::uint32_t o : options_of(a)) {
      for (std::uint32_t b : items_of(o)) {
        if (b > a) with.push_back({b, o});
      }
    }
    std::sort(with.begin(), with.end(), [](const shared& x, const shared& y) {
      return x.b != y.b ? x.b < y.b : x.option < y.option;
    });
    for (std::size_t s = 0; s < with.size();) {
      std::size_t t = s;
      while (t < with.size() && with[t].b == with[s].b)
        ++t;
      const auto size = static_cast<std::uint32_t>(t - s);
      const std::uint32_t b = with[s].b;
      const bool same = size == options_of(a).size() && size == options_of(b).size();
      if (size >= 2 && size <= max_group_size && !same) {
        group_of_pair.emplace(pair_key(a, b), static_cast<std::uint32_t>(candidates.size()));
        candidates.push_back({{a, b}, static_cast<std::uint32_t>(candidate_options.size()), size});
        for (std::size_t r = s; r < t; ++r)
          candidate_options.push_back(with[r].option);
      }
      s = t;
    }
  }
  if (candidates.empty()) return out;

  // Classes, greedily in item order.
  out.class_of.assign(primaries, none);
  std::vector<std::vector<char>> class_uses;
  for (std::uint32_t k = 0; k < primaries; ++k) {
    std::uint32_t c = 0;
    for (; c < class_uses.size(); ++c) {
      const auto& uses = class_uses[c];
      const auto own = options_of(k);
      if (std::none_of(own.begin(), own.end(), [&](std::uint32_t o) { return uses[o] != 0; })) {
        break;
      }
    }
    if (c == class_uses.size()) {
      if (c == max_classes) continue;
      class_uses.emplace_back(option_count, 0);
    }
    for (std::uint32_t o : options_of(k))
      class_uses[c][o] = 1;
    out.class_of[k] = c;
  }
  const auto classes = static_cast<std::uint32_t>(class_uses.size());
  out.classes = classes;
  std::vector<std::vector<char>>().swap(class_uses);
  // Each option's item of each class (or none).
  std::vector<std::uint32_t> item_in_class(std::size_t{option_count} * classes, none);
  for (std::uint32_t o = 0; o < option_count; ++o) {
    for (std::uint32_t k : items_of(o)) {
      if (out.class_of[k] != none) item_in_class[std::size_t{o} * classes + out.class_of[k]] = k;
    }
  }
  auto partner = [&](std::uint32_t o, std::uint32_t c) {
    return item_in_class[std::size_t{o} * classes + c];
  };

  // Splits of each item by each other class.
  std::vector<split> splits;
  // Per (item, class): its split's index, or none.
  std::vector<std::uint32_t> split_index(std::size_t{primaries} * classes, none);
  auto split_of = [&](std::uint32_t k, std::uint32_t c) -> std::uint32_t& {
    return split_index[std::size_t{k} * classes + c];
  };
  struct by_partner {
    std::uint32_t partner, option;
  };
  std::vector<by_partner> shared_with;
  for (std::uint32_t k = 0; k < primaries; ++k) {
    if (out.class_of[k] == none) continue;
    for (std::uint32_t c = 0; c < classes; ++c) {
      if (c == out.class_of[k]) continue;
      split s{k, c, {}, {}, {}};
      bool usable = true;
      shared_with.clear();
      for (std::uint32_t o : options_of(k)) {
        const std::uint32_t j = partner(o, c);
        if (j == none) {
          s.singles.push_back(o);
        } else {
          shared_with.push_back({j, o});
        }
      }
      if (shared_with.empty()) continue;
      std::sort(shared_with.begin(), shared_with.end(),
                [](const by_partner& x, const by_partner& y) {
                  return x.partner != y.partner ? x.partner < y.partner : x.option < y.option;
                });
      for (std::size_t a = 0, b = 0; a < shared_with.size(); a = b) {
        const std::uint32_t j = shared_with[a].partner;
        while (b < shared_with.size() && shared_with[b].partner == j)
          ++b;
        if (b - a == 1) {
          s.singles.push_back(shared_with[a].option);
          continue;
        }
        const auto g = group_of_pair.find(pair_key(k, j));
        if (g == group_of_pair.end()) {
          usable = false;  // too large, or k and j are the same
          break;
        }
        s.groups.push_back(g->second);
        s.partners.push_back(j);
      }
      if (!usable || s.groups.empty() || s.groups.size() + s.singles.size() < 2) continue;
      std::sort(s.singles.begin(), s.singles.end());
      split_of(k, c) = static_cast<std::uint32_t>(splits.size());
      splits.push_back(std::move(s));
    }
  }

  // Families: per pair of classes, connected items whose splits are all groups.
  std::vector<char> keep(candidates.size(), 0);
  // Per candidate group: its family and edge; per family: each item's edges.
  std::vector<std::uint32_t> family_of(candidates.size(), none), edge_of_group(candidates.size());
  std::vector<std::vector<std::uint32_t>> x_stars, y_stars;
  std::vector<std::uint32_t> parent(primaries, none), touched_items;
  for (std::uint32_t c1 = 0; c1 < classes; ++c1) {
    for (std::uint32_t c2 = c1 + 1; c2 < classes; ++c2) {
      // Union-find over the items of the two classes that have a whole split
      // (parent: none outside it).
      touched_items.clear();
      auto join = [&](std::uint32_t x) {
        if (parent[x] == none) {
          parent[x] = x;
          touched_items.push_back(x);
        }
      };
      auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
          x = parent[x] = parent[parent[x]];
        return x;
      };
      std::vector<std::uint32_t> members;
      for (const split& s : splits) {
        if (!((out.class_of[s.item] == c1 && s.cls == c2) ||
              (out.class_of[s.item] == c2 && s.cls == c1)) ||
            !s.singles.empty()) {
          continue;
        }
        join(s.item);
        members.push_back(s.item);
      }
      for (std::uint32_t x : members) {
        const split& s = splits[split_of(x, out.class_of[x] == c1 ? c2 : c1)];
        for (std::uint32_t j : s.partners) {
          join(j);
          parent[find(x)] = find(j);
        }
      }
      // Components by root, each in item order.
      std::vector<std::pair<std::uint32_t, std::uint32_t>> by_root;
      for (std::uint32_t item : touched_items)
        by_root.push_back({find(item), item});
      for (std::uint32_t item : touched_items)
        parent[item] = none;
      std::sort(by_root.begin(), by_root.end());
      std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> components;
      for (const auto& [root, item] : by_root) {
        if (components.empty() || components.back().first != root) components.push_back({root, {}});
        components.back().second.push_back(item);
      }
      for (auto& [root, items] : components) {
        (void)root;
        std::sort(items.begin(), items.end());
        std::vector<std::uint32_t> xs, ys;
        bool whole = true;
        for (std::uint32_t item : items) {
          const std::uint32_t other = out.class_of[item] == c1 ? c2 : c1;
          const std::uint32_t it = split_of(item, other);
          if (it == none || !splits[it].singles.empty()) whole = false;
          (out.class_of[item] == c1 ? xs : ys).push_back(item);
        }
        if (!whole || xs.size() != ys.size() || xs.size() < 2) continue;
        // Edges: the groups of the X side's splits, in X order then Y order.
        std::vector<std::uint32_t> family_edges;
        std::vector<std::vector<std::uint32_t>> edge_of(
            xs.size(), std::vector<std::uint32_t>(ys.size(), none));
        for (std::size_t x = 0; x < xs.size(); ++x) {
          const split& s = splits[split_of(xs[x], c2)];
          for (std::size_t t = 0; t < s.groups.size(); ++t) {
            const auto y = static_cast<std::size_t>(
                std::lower_bound(ys.begin(), ys.end(), s.partners[t]) - ys.begin());
            edge_of[x][y] = static_cast<std::uint32_t>(family_edges.size());
            family_edges.push_back(s.groups[t]);
          }
        }
        if (family_edges.size() > max_family_edges || out.families.size() >= max_families) continue;
        std::vector<std::uint32_t> matchings;
        if (!perfect_matchings(edge_of, matchings) || matchings.empty()) continue;
        out.families.push_back({static_cast<std::uint32_t>(out.edges.size()),
                                static_cast<std::uint32_t>(family_edges.size()),
                                static_cast<std::uint32_t>(out.matching_edges.size()),
                                static_cast<std::uint32_t>(matchings.size()), 0});
        out.edges.insert(out.edges.end(), family_edges.begin(), family_edges.end());
        out.matching_edges.insert(out.matching_edges.end(), matchings.begin(), matchings.end());
        std::vector<std::uint32_t> xs_star(xs.size(), 0), ys_star(ys.size(), 0);
        for (std::size_t x = 0; x < xs.size(); ++x) {
          for (std::size_t y = 0; y < ys.size(); ++y) {
            if (edge_of[x][y] == none) continue;
            xs_star[x] |= std::uint32_t{1} << edge_of[x][y];
            ys_star[y] |= std::uint32_t{1} << edge_of[x][y];
          }
        }
        x_stars.push_back(std::move(xs_star));
        y_stars.push_back(std::move(ys_star));
        for (std::uint32_t e = 0; e < family_edges.size(); ++e) {
          keep[family_edges[e]] = 1;
          family_of[family_edges[e]] = static_cast<std::uint32_t>(out.families.size() - 1);
          edge_of_group[family_edges[e]] = e;
        }
        for (std::uint32_t x : xs)
          splits[split_of(x, c2)].in_family = true;
        for (std::uint32_t y : ys)
          splits[split_of(y, c1)].in_family = true;
      }
    }
  }

  // Clusters: families by the items of other classes their options cover.
  {
    std::vector<char> family_class(classes, 0);
    for (const split& sp : splits) {
      if (sp.in_family) family_class[sp.cls] = family_class[out.class_of[sp.item]] = 1;
    }
    std::map<std::vector<std::uint32_t>, std::uint32_t> cluster_of;
    for (auto& fam : out.families) {
      std::vector<std::uint32_t> touched;
      for (std::uint32_t e = fam.first; e < fam.first + fam.size; ++e) {
        const auto& grp = candidates[out.edges[e]];
        for (std::uint32_t t = 0; t < grp.size; ++t) {
          for (std::uint32_t k : items_of(candidate_options[grp.first + t])) {
            if (out.class_of[k] != none && !family_class[out.class_of[k]]) touched.push_back(k);
          }
        }
      }
      std::sort(touched.begin(), touched.end());
      touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
      fam.cluster =
          cluster_of.emplace(touched, static_cast<std::uint32_t>(cluster_of.size())).first->second;
    }
    out.clusters = static_cast<std::uint32_t>(cluster_of.size());
  }

  // Quotas of one item: its splits that no family holds.
  std::vector<matrix_structure::part> parts;
  auto add_quota = [&](std::uint32_t k, const std::vector<matrix_structure::part>& ps) {
    out.quotas.push_back(
        {k, static_cast<std::uint32_t>(parts.size()), static_cast<std::uint32_t>(ps.size())});
    parts.insert(parts.end(), ps.begin(), ps.end());
  };
  for (const split& s : splits) {
    if (s.in_family) continue;
    std::vector<matrix_structure::part> ps;
    for (std::uint32_t g : s.groups) {
      ps.push_back({g, false});
      keep[g] = 1;
    }
    for (std::uint32_t o : s.singles)
      ps.push_back({o, true});
    add_quota(1, ps);
  }

  // Quotas of k items: for each class, the groups whose options lie in k >= 2
  // items of it, by those items and the group's kind.
  {
    // Keys (class, the pair of classes, the items), stored one after another;
    // entries (key, group), sorted by key as a map of vectors would be.
    std::vector<std::uint32_t> keys;
    struct keyed {
      std::uint32_t first, size, group;
    };
    std::vector<keyed> entries;
    std::vector<std::uint32_t> key;
    for (std::uint32_t g = 0; g < candidates.size(); ++g) {
      const auto& grp = candidates[g];
      const std::uint32_t ca = out.class_of[grp.items[0]], cb = out.class_of[grp.items[1]];
      if (ca == none || cb == none) continue;
      for (std::uint32_t c = 0; c < classes; ++c) {
        if (c == ca || c == cb) continue;
        key.assign({c, std::min(ca, cb), std::max(ca, cb)});
        bool ok = true;
        for (std::uint32_t t = 0; t < grp.size && ok; ++t) {
          const std::uint32_t j = partner(candidate_options[grp.first + t], c);
          ok = j != none;
          key.push_back(j);
        }
        if (!ok) continue;
        std::sort(key.begin() + 3, key.end());
        if (std::adjacent_find(key.begin() + 3, key.end()) != key.end()) continue;
        entries.push_back(
            {static_cast<std::uint32_t>(keys.size()), static_cast<std::uint32_t>(key.size()), g});
        keys.insert(keys.end(), key.begin(), key.end());
      }
    }
    auto key_of = [&](const keyed& e) {
      return std::span<const std::uint32_t>(keys.data() + e.first, e.size);
    };
    std::sort(entries.begin(), entries.end(), [&](const keyed& x, const keyed& y) {
      const std::uint32_t* a = keys.data() + x.first;
      const std::uint32_t* b = keys.data() + y.first;
      for (std::uint32_t i = 0, n = std::min(x.size, y.size); i < n; ++i) {
        if (a[i] != b[i]) return a[i] < b[i];
      }
      return x.size != y.size ? x.size < y.size : x.group < y.group;
    });
    std::vector<char> mark(option_count, 0);
    std::vector<std::uint32_t> groups;
    for (std::size_t e = 0; e < entries.size();) {
      const auto this_key = key_of(entries[e]);
      groups.clear();
      const auto same = [&](std::span<const std::uint32_t> k) {
        return std::equal(k.begin(), k.end(), this_key.begin(), this_key.end());
      };
      for (; e < entries.size() && same(key_of(entries[e])); ++e)
        groups.push_back(entries[e].group);
      const std::span<const std::uint32_t> items(this_key.data() + 3, this_key.size() - 3);
      if (items.size() < 2) continue;  // one item: its split, above
      std::size_t total = 0, covered = 0;
      for (std::uint32_t k : items)
        total += options_of(k).size();
      bool disjoint = true;
      for (std::uint32_t g : groups) {
        for (std::uint32_t t = 0; t < candidates[g].size; ++t) {
          char& seen = mark[candidate_options[candidates[g].first + t]];
          disjoint = disjoint && !seen;
          seen = 1;
          ++covered;
        }
      }
      for (std::uint32_t g : groups) {
        for (std::uint32_t t = 0; t < candidates[g].size; ++t)
          mark[candidate_options[candidates[g].first + t]] = 0;
      }
      if (!disjoint || covered != total || groups.size() < items.size()) continue;
      // Implied by families when the groups are whole stars (all the edges of
      // an item) of families, k of them: each star holds exactly one used group.
      std::map<std::uint32_t, std::uint32_t> touched;
      bool in_families = true;
      for (std::uint32_t g : groups) {
        in_families = in_families && family_of[g] != none;
        if (in_families) touched[family_of[g]] |= std::uint32_t{1} << edge_of_group[g];
      }
      if (in_families) {
        std::size_t stars = 0;
        for (const auto& [f, mask] : touched) {
          auto whole = [&, mask = mask](const std::vector<std::uint32_t>& side) -> std::size_t {
            std::uint32_t union_of = 0;
            std::size_t n = 0;
            for (std::uint32_t star : side) {
              if ((star & mask) == star) {
                union_of |= star;
                ++n;
              }
            }
            return union_of == mask ? n : 0;
          };
          const std::size_t n = std::max(whole(x_stars[f]), whole(y_stars[f]));
          if (n == 0) {
            stars = 0;
            break;
          }
          stars += n;
        }
        if (stars == items.size()) continue;
      }
      std::vector<matrix_structure::part> ps;
      for (std::uint32_t g : groups) {
        ps.push_back({g, false});
        keep[g] = 1;
      }
      add_quota(static_cast<std::uint32_t>(items.size()), ps);
    }
  }

  // Keep only the groups in use, renumbered.
  std::vector<std::uint32_t> renumber(candidates.size(), none);
  for (std::uint32_t g = 0; g < candidates.size(); ++g) {
    if (!keep[g]) continue;
    renumber[g] = static_cast<std::uint32_t>(out.groups.size());
    matrix_structure::group kept = candidates[g];
    kept.first = static_cast<std::uint32_t>(out.options.size());
    out.options.insert(out.options.end(), candidate_options.begin() + candidates[g].first,
                       candidate_options.begin() + candidates[g].first + candidates[g].size);
    out.groups.push_back(kept);
  }
  for (auto& p : parts) {
    if (!p.is_option) p.index = renumber[p.index];
  }
  out.parts = std::move(parts);
  for (auto& e : out.edges)
    e = renumber[e];
  return out;
}

}  // namespace dlx::detail

namespace dlx {

structure_summary describe_structure(const problem& p) {
  structure_summary out;
  if (p.has_colors() || p.has_multiplicities()) return out;
  // Internal numbering: primary items first (engine.hpp).
  std::vector<std::uint32_t> internal(p.item_count());
  std::uint32_t next_primary = 0, next_secondary = static_cast<std::uint32_t>(p.primary_count());
  for (item_id i = 0; i < p.item_count(); ++i)
    internal[i] = p.kind(i) == item_kind::primary ? next_primary++ : next_secondary++;
  std::vector<std::uint32_t> start{0}, items, length(p.primary_count(), 0);
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (p.has_primary(o)) {
      for (item_id i : p.option(o)) {
        if (internal[i] < p.primary_count()) {
          items.push_back(internal[i]);
          ++length[internal[i]];
        }
      }
    }
    start.push_back(static_cast<std::uint32_t>(items.size()));
  }
  for (std::uint32_t n : length) {
    if (n > detail::structure_longest_item) return out;
  }
  if (p.option_count() >= (std::size_t{1} << 30)) return out;
  out.applies = true;
  const detail::matrix_structure st =
      detail::find_structure({static_cast<std::uint32_t>(p.primary_count()), start, items});
  out.classes = st.classes;
  out.groups = st.groups.size();
  out.quotas = st.quotas.size();
  out.families = st.families.size();
  for (const auto& f : st.families)
    out.matchings += f.matchings;
  out.clusters = st.clusters;
  out.boxes_and_bands =
      p.primary_count() == p.item_count() &&
      detail::find_box_layout(start, items, static_cast<std::uint32_t>(p.primary_count()),
                              static_cast<std::uint32_t>(p.item_count()))
          .has_value();
  return out;
}

}  // namespace dlx
