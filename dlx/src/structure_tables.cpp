// The structure search's tables and the states it starts from
// (structure_engine.hpp). Built once per problem from the compiled engine:
// each item's options as (word, mask) pairs, each option's items, groups and
// single-part quotas as CSR lists (or fixed records for a uniform shape, a
// Sudoku's), each group's options and the options forcing it removes, the
// rules a group's death touches, and for small problems each option's
// conflicts as whole bitset rows. Then per search: the preselected options
// applied to the base state (preselect_quickly: the givens as one batch), the
// base's counters counted again when it changed, and the invariant checker.
//
// Lazily. The group state is built only when forced moves alone get stuck (an
// easy Sudoku never needs it): counted once from the active options, then kept
// up to date. Every saved state lies below that point.
#include <algorithm>
#include <bit>
#include <span>
#include <vector>

#include "counter_scan.hpp"
#include "structure_engine.hpp"

namespace dlx::detail::structure_search {

namespace {

// Appends the (word, mask) pairs of a sorted list of options.
void append_masks(std::vector<option_mask>& out, std::span<const std::uint32_t> options) {
  const std::size_t first = out.size();
  for (std::uint32_t o : options) {
    if (out.size() == first || out.back().word != o / 64) out.push_back({o / 64, 0});
    out.back().mask |= std::uint64_t{1} << (o % 64);
  }
}

}  // namespace

structure_engine::structure_engine(const engine& compiled) : engine(compiled) {
  const std::uint32_t primaries = primary_count_;
  const auto options = static_cast<std::uint32_t>(option_count());
  active_words_ = (options + 63) / 64;

  // Options of each item; primary and secondary items of each option.
  std::vector<std::vector<std::uint32_t>> of_item(item_count_);
  items_start_.push_back(0);
  secondary_start_.push_back(0);
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        of_item[k].push_back(o);
        (k < primaries ? items_ : secondary_).push_back(k);
      }
    }
    items_start_.push_back(static_cast<std::uint32_t>(items_.size()));
    secondary_start_.push_back(static_cast<std::uint32_t>(secondary_.size()));
  }
  masks_start_.push_back(0);
  for (const auto& list : of_item) {
    append_masks(masks_, list);
    masks_start_.push_back(static_cast<std::uint32_t>(masks_.size()));
  }

  std::uint32_t widest = 0;
  for (std::uint32_t k = 0; k < primaries; ++k)
    widest = std::max(widest, masks_start_[k + 1] - masks_start_[k]);
  if (widest <= max_padded_masks) {
    padded_width_ = widest;
    padded_masks_.assign(std::size_t{primaries} * widest, {0, 0});
    for (std::uint32_t k = 0; k < primaries; ++k)
      std::copy(masks_.begin() + masks_start_[k], masks_.begin() + masks_start_[k + 1],
                padded_masks_.begin() + std::size_t{k} * widest);
  }

  structure_ = find_structure({primaries, items_start_, items_});
  const matrix_structure& st = structure_;
  const auto groups = static_cast<std::uint32_t>(st.groups.size());
  const auto quotas = static_cast<std::uint32_t>(st.quotas.size());
  families_ = static_cast<std::uint32_t>(st.families.size());

  // Per option: its groups and the quotas it is a single part of (CSR,
  // counted first).
  groups_start_.assign(options + 1, 0);
  single_quotas_start_.assign(options + 1, 0);
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& grp = st.groups[g];
    for (std::uint32_t t = 0; t < grp.size; ++t)
      ++groups_start_[st.options[grp.first + t] + 1];
  }
  for (const auto& part : st.parts) {
    if (part.is_option) ++single_quotas_start_[part.index + 1];
  }
  for (option_id o = 0; o < options; ++o) {
    groups_start_[o + 1] += groups_start_[o];
    single_quotas_start_[o + 1] += single_quotas_start_[o];
  }
  groups_.resize(groups_start_[options]);
  single_quotas_.resize(single_quotas_start_[options]);
  std::vector<std::uint32_t> next_group(groups_start_.begin(), groups_start_.end() - 1);
  std::vector<std::uint32_t> next_quota(single_quotas_start_.begin(),
                                        single_quotas_start_.end() - 1);
  group_masks_start_.push_back(0);
  outside_start_.push_back(0);
  std::vector<std::uint32_t> outside;
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& grp = st.groups[g];
    const std::span<const std::uint32_t> own(st.options.data() + grp.first, grp.size);
    for (std::uint32_t o : own)
      groups_[next_group[o]++] = g;
    append_masks(group_masks_, own);
    group_masks_start_.push_back(static_cast<std::uint32_t>(group_masks_.size()));
    outside.clear();
    for (std::uint32_t k : grp.items) {
      for (std::uint32_t o : of_item[k]) {
        if (!std::binary_search(own.begin(), own.end(), o)) outside.push_back(o);
      }
    }
    std::sort(outside.begin(), outside.end());
    outside.erase(std::unique(outside.begin(), outside.end()), outside.end());
    append_masks(outside_, outside);
    outside_start_.push_back(static_cast<std::uint32_t>(outside_.size()));
  }
  std::vector<std::vector<std::uint32_t>> quotas_of_group(groups);
  quota_k_.assign(quotas, 0);
  for (std::uint32_t q = 0; q < quotas; ++q) {
    const auto& quota = st.quotas[q];
    quota_k_[q] = static_cast<std::uint8_t>(quota.k);
    for (std::uint32_t p = quota.first; p < quota.first + quota.size; ++p) {
      const auto& part = st.parts[p];
      if (part.is_option) {
        single_quotas_[next_quota[part.index]++] = q;
      } else {
        quotas_of_group[part.index].push_back(q);
      }
    }
  }
  group_quotas_start_.push_back(0);
  for (const auto& list : quotas_of_group) {
    group_quotas_.insert(group_quotas_.end(), list.begin(), list.end());
    group_quotas_start_.push_back(static_cast<std::uint32_t>(group_quotas_.size()));
  }
  rules_.assign(groups, {none, none, 0});
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& list = quotas_of_group[g];
    if (list.size() == 1) rules_[g].quota = list.front();
    many_quotas_ = many_quotas_ || list.size() > 1;
  }
  // Every group a part of exactly one quota (a Sudoku's): choose counts the
  // groups it makes sure without a branch.
  if (quotas <= 65536 && std::all_of(quotas_of_group.begin(), quotas_of_group.end(),
                                     [](const auto& list) { return list.size() == 1; })) {
    for (std::uint32_t g = 0; g < groups; ++g)
      sure_quota_.push_back(static_cast<std::uint16_t>(quotas_of_group[g].front()));
  }
  for (std::uint32_t f = 0; f < families_; ++f) {
    const auto& fam = st.families[f];
    for (std::uint32_t e = 0; e < fam.size; ++e) {
      const std::uint32_t g = st.edges[fam.first + e];
      rules_[g].family = f;
      for (std::uint32_t m = 0; m < fam.matchings; ++m) {
        if (st.matching_edges[fam.first_matching + m] >> e & 1)
          rules_[g].with |= std::uint64_t{1} << m;
      }
    }
  }

  // Uniform shapes, for the unrolled loops: K primary items (a chosen option
  // covers K items) and G groups per option.
  auto uniform = [&](const std::vector<std::uint32_t>& start) -> std::uint32_t {
    std::uint32_t n = none;
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      const std::uint32_t here = start[o + 1] - start[o];
      if (n == none) n = here;
      if (n != here) return 0;
    }
    return n == none ? 0 : n;
  };
  uniform_items_ = uniform(items_start_);
  uniform_groups_ = groups == 0 ? 0 : uniform(groups_start_);
  if ((uniform_items_ != 4 && uniform_items_ != 3) || primaries > 65536) uniform_items_ = 0;
  if (uniform_groups_ != 2 || groups > 65536) uniform_groups_ = 0;
  if (uniform_items_ > 0) {
    const std::uint32_t stride = uniform_items_ + uniform_groups_;
    records_.assign(std::size_t{options} * stride, 0);
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      for (std::uint32_t t = 0; t < uniform_items_; ++t)
        records_[std::size_t{o} * stride + t] =
            static_cast<std::uint16_t>(items_[items_start_[o] + t]);
      for (std::uint32_t t = 0; t < uniform_groups_; ++t)
        records_[std::size_t{o} * stride + uniform_items_ + t] =
            static_cast<std::uint16_t>(groups_[groups_start_[o] + t]);
    }
  }

  // For small problems, the options that share an item with each option.
  std::size_t total = 0;
  for (option_id o = 0; o < options && total <= max_conflict_masks; ++o) {
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i)
      total += masks_start_[option_items_[i] + 1] - masks_start_[option_items_[i]];
  }
  if (total <= max_conflict_masks && options <= max_dense_options) {
    // Whole rows: each item's masks ORed together, the option's own bit
    // cleared; the lists are the rows' nonzero words.
    removal_.assign(active_words_, 0);
    // (Padded: preselect_quickly reads whole batches of vectors past a row.)
    dense_.assign(std::size_t{options} * active_words_ + 2 * batch_vectors, 0);
    conflicts_start_.push_back(0);
    for (option_id o = 0; o < options; ++o) {
      // (Also for an option without primary items: preselecting it rules
      // these out.)
      std::uint64_t* row = dense_.data() + std::size_t{o} * active_words_;
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
          row[masks_[m].word] |= masks_[m].mask;
      }
      row[o / 64] &= ~(std::uint64_t{1} << (o % 64));
      for (std::uint32_t w = 0; w < active_words_; ++w) {
        if (row[w] != 0) conflicts_.push_back({w, row[w]});
      }
      conflicts_start_.push_back(static_cast<std::uint32_t>(conflicts_.size()));
    }
  } else if (total <= max_conflict_masks) {
    conflicts_start_.push_back(0);
    std::vector<std::uint32_t> near;
    for (option_id o = 0; o < options; ++o) {
      near.clear();
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const auto& list = of_item[option_items_[i]];
        near.insert(near.end(), list.begin(), list.end());
      }
      std::sort(near.begin(), near.end());
      near.erase(std::unique(near.begin(), near.end()), near.end());
      near.erase(std::remove(near.begin(), near.end(), o), near.end());
      append_masks(conflicts_, near);
      conflicts_start_.push_back(static_cast<std::uint32_t>(conflicts_.size()));
    }
  }

  // The state's layout: byte counters padded to 16, then words.
  counts_bytes_ = (primaries + 15) / 16 * 16;
  groups_bytes_ = (groups + 15) / 16 * 16;
  quotas_bytes_ = (quotas + 15) / 16 * 16;
  bytes_words_ = (counts_bytes_ + groups_bytes_ + 2 * quotas_bytes_) / 8;
  state_words_ = bytes_words_ + active_words_ + 2 * families_ + 1;
  pristine_.assign(state_words_, 0);
  const view s = at(pristine_.data());
  std::fill(s.counts, s.counts + counts_bytes_, covered);
  for (std::uint32_t k = 0; k < primaries; ++k)
    s.counts[k] = static_cast<std::uint8_t>(of_item[k].size());
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) s.active[o / 64] |= std::uint64_t{1} << (o % 64);
  }
  *s.remaining = primaries;
  for (std::uint32_t w = 0; w < active_words_; ++w)
    pristine_active_ += bit_count(s.active[w]);
  base_ = pristine_;
  work_ = pristine_;
  // A path's decisions: each chooses or removes an option, or narrows a
  // family's matchings by at least one.
  std::size_t decisions = options;
  for (const auto& fam : st.families)
    decisions += fam.matchings;
  frames_.resize(decisions + 1);
  chosen_.resize(primaries + 1);
  quota_stack_.resize(2 * quotas + 1);  // a quota is pushed when live == k and when sure == k
  family_stack_.resize(families_ + 1);
  death_stack_.resize(groups + 2);  // each group dies once on a path, and a push writes first
  family_dirty_.assign(families_, 0);
  chosen_mark_.assign(options, 0);
  if (sanity_checks) sure_scratch_.assign(quotas, 0);
  cluster_start_.assign(st.clusters + 1, 0);
  for (const auto& fam : st.families)
    ++cluster_start_[fam.cluster + 1];
  for (std::uint32_t c = 0; c < st.clusters; ++c)
    cluster_start_[c + 1] += cluster_start_[c];
  cluster_families_.resize(families_);
  {
    std::vector<std::uint32_t> next(cluster_start_.begin(), cluster_start_.end() - 1);
    for (std::uint32_t f = 0; f < families_; ++f)
      cluster_families_[next[st.families[f].cluster]++] = f;
  }
  std::uint32_t largest_cluster = 0;
  for (std::uint32_t c = 0; c < st.clusters; ++c)
    largest_cluster = std::max(largest_cluster, cluster_start_[c + 1] - cluster_start_[c]);
  if (families_ > 0 &&
      std::all_of(st.families.begin(), st.families.end(),
                  [](const auto& fam) { return fam.matchings <= 8; }) &&
      std::size_t{largest_cluster} * log2_hundredths[8] < (std::size_t{1} << open_shift) &&
      largest_cluster < (std::uint32_t{1} << (32 - open_shift))) {
    choice_weights_.resize(256);
    for (std::uint32_t x = 0; x < 256; ++x) {
      const auto n = static_cast<std::uint32_t>(std::popcount(x));
      choice_weights_[x] = log2_hundredths[n] | (n >= 2 ? std::uint32_t{1} << open_shift : 0);
    }
  }
  // The preselections the compiled engine held.
  for (option_id o : preselected())
    apply_preselected(o);
}

void structure_engine::apply_preselected(option_id option) {
  const view s = at(base_.data());
  if (!dense_.empty()) {
    const std::uint64_t* row = dense_.data() + std::size_t{option} * active_words_;
    for (std::uint32_t w = 0; w < active_words_; ++w)
      s.active[w] &= ~row[w];
  } else if (!conflicts_start_.empty()) {
    for (std::uint32_t m = conflicts_start_[option]; m < conflicts_start_[option + 1]; ++m)
      s.active[conflicts_[m].word] &= ~conflicts_[m].mask;
  }
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    const std::uint32_t k = option_items_[i];
    if (conflicts_start_.empty()) {
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
        s.active[masks_[m].word] &= ~masks_[m].mask;
    }
    if (k < primary_count_) s.counts[k] = covered;
  }
  s.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
  base_stale_ = true;
}

bool structure_engine::preselect_quickly(std::span<const option_id> options) {
  // Without colors or multiplicities an option can be preselected exactly when
  // it is still active; the generic path runs only to name a clash. For small
  // problems the givens are one batch: their conflict rows ORed together, then
  // cleared at once, and their items marked covered (records) or listed.
  const view s = at(base_.data());
  if (dense_.empty()) {
    for (option_id o : options) {
      if (!option_has_primary_[o] || !(s.active[o / 64] >> (o % 64) & 1)) {
        revert_preselection(preselected().size());
        return false;
      }
      apply_preselected(o);
    }
    return true;
  }
  // First the givens' own bits (each active, none twice), then their rows
  // ORed a vector at a time with the accumulator in a register. Rows are
  // symmetric (two options share an item or not), so a given in the union of
  // the rows clashes with another given.
  std::uint64_t* const gone = removal_.data();
  std::fill(removal_.begin(), removal_.end(), 0);
  const std::uint32_t words = active_words_;
  for (option_id o : options) {
    const std::uint64_t bit = std::uint64_t{1} << (o % 64);
    if (!option_has_primary_[o] || !(s.active[o / 64] & ~gone[o / 64] & bit)) return false;
    gone[o / 64] |= bit;
  }
  const std::uint64_t* const rows = dense_.data();
  std::uint64_t clash = 0;
  std::uint32_t w = 0;
#if defined(__SSE2__)
  if (words <= 2 * batch_vectors) {
    // Rows of up to 16 words (a 9x9 Sudoku's are 12): each given's row ORed
    // into a batch of vectors that stays in registers.
    __m128i sum[batch_vectors];
    for (auto& v : sum)
      v = _mm_setzero_si128();
    for (option_id o : options) {
      const auto* row = reinterpret_cast<const __m128i*>(rows + std::size_t{o} * words);
      for (std::uint32_t j = 0; j < batch_vectors; ++j)
        sum[j] = _mm_or_si128(sum[j], _mm_loadu_si128(row + j));
    }
    alignas(16) std::uint64_t all[2 * batch_vectors];
    for (std::uint32_t j = 0; j < batch_vectors; ++j)
      _mm_store_si128(reinterpret_cast<__m128i*>(all) + j, sum[j]);
    for (; w < words; ++w) {
      clash |= all[w] & gone[w];
      gone[w] |= all[w];
    }
  }
  for (; w + 2 <= words; w += 2) {
    __m128i sum = _mm_setzero_si128();
    for (option_id o : options)
      sum = _mm_or_si128(
          sum,
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows + std::size_t{o} * words + w)));
    alignas(16) std::uint64_t both[2];
    _mm_store_si128(reinterpret_cast<__m128i*>(both), sum);
    clash |= (both[0] & gone[w]) | (both[1] & gone[w + 1]);
    gone[w] |= both[0];
    gone[w + 1] |= both[1];
  }
#endif
  for (; w < words; ++w) {
    std::uint64_t sum = 0;
    for (option_id o : options)
      sum |= rows[std::size_t{o} * words + w];
    clash |= sum & gone[w];
    gone[w] |= sum;
  }
  if (clash != 0) return false;
  for (w = 0; w < words; ++w)
    s.active[w] &= ~gone[w];
  for (option_id o : options) {
    // (Sudoku's four items unrolled: 2% of an easy puzzle's instructions.)
    const std::uint32_t* p = items_.data() + items_start_[o];
    if (uniform_items_ == 4) {
      s.counts[p[0]] = s.counts[p[1]] = s.counts[p[2]] = s.counts[p[3]] = covered;
      continue;
    }
    for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
      s.counts[items_[i]] = covered;
  }
  base_stale_ = true;
  return true;
}

void structure_engine::revert_preselection(std::size_t keep) {
  std::copy(pristine_.begin(), pristine_.end(), base_.begin());
  base_stale_ = false;
  const auto chosen = preselected();
  for (std::size_t j = 0; j < keep; ++j)
    apply_preselected(chosen[j]);
}

void structure_engine::recount_base() {
  const view s = at(base_.data());
  const view p = at(pristine_.data());
  // Count the active options up from zero, or the removed ones down from the
  // pristine counters, whichever visits fewer: a Sudoku's givens remove about
  // 550 of its 729 options.
  // (The base only removes options: the removed ones are the pristine ones
  // less the active.)
  std::size_t active = 0;
  for (std::uint32_t w = 0; w < active_words_; ++w)
    active += bit_count(s.active[w]);
  const bool up = active <= pristine_active_ - active;
  const int step = up ? 1 : -1;
  restart_counts(s.counts, up ? nullptr : p.counts, counts_bytes_);
  const std::uint32_t stride = uniform_items_ + uniform_groups_;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = up ? s.active[w] : p.active[w] & ~s.active[w]; bits;
         bits &= bits - 1) {
      const auto o = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      if (uniform_items_ == 4) {
        const std::uint16_t* r = records_.data() + std::size_t{o} * stride;
        s.counts[r[0]] = static_cast<std::uint8_t>(s.counts[r[0]] + step);
        s.counts[r[1]] = static_cast<std::uint8_t>(s.counts[r[1]] + step);
        s.counts[r[2]] = static_cast<std::uint8_t>(s.counts[r[2]] + step);
        s.counts[r[3]] = static_cast<std::uint8_t>(s.counts[r[3]] + step);
        continue;
      }
      for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
        s.counts[items_[i]] = static_cast<std::uint8_t>(s.counts[items_[i]] + step);
    }
  }
  // Counting down also touched the covered items: mark them again.
  if (!up) {
    for (option_id o : preselected()) {
      for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
        s.counts[items_[i]] = covered;
    }
  }
  // The covered items are those of the preselected options, which share none.
  std::uint64_t covered_items = 0;
  for (option_id o : preselected())
    covered_items += items_start_[o + 1] - items_start_[o];
  *s.remaining = primary_count_ - covered_items;
  base_stale_ = false;
}

void structure_engine::build_groups(const view& s) {
  const matrix_structure& st = structure_;
  const auto groups = static_cast<std::uint32_t>(st.groups.size());
  // Group counters from the active options (a Sudoku that stalls has about a
  // hundred and fifty), then "used" for the groups of the chosen ones (the
  // preselected included). Measured: 42,000 instructions per stall when each
  // group was counted from its own masks, against about 4,000 this way.
  std::fill(s.group_counts, s.group_counts + groups_bytes_, std::uint8_t{0});
  // (Options of two groups each, as a Sudoku's, read them from their records.)
  const std::uint32_t stride = uniform_items_ + uniform_groups_;
  const std::uint16_t* const records = records_.data() + uniform_items_;
  const bool pairs = uniform_items_ > 0 && uniform_groups_ == 2;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = s.active[w]; bits; bits &= bits - 1) {
      const auto o = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      if (pairs) {
        const std::uint16_t* r = records + std::size_t{o} * stride;
        ++s.group_counts[r[0]];
        ++s.group_counts[r[1]];
        continue;
      }
      for (std::uint32_t i = groups_start_[o]; i < groups_start_[o + 1]; ++i)
        ++s.group_counts[groups_[i]];
    }
  }
  auto mark_used = [&](option_id o) {
    for (std::uint32_t i = groups_start_[o]; i < groups_start_[o + 1]; ++i)
      s.group_counts[groups_[i]] = used;
  };
  for (option_id o : preselected())
    mark_used(o);
  for (std::uint32_t l = 0; l < chosen_count_; ++l)
    mark_used(chosen_[l]);
  // Quotas start with every part alive and families with every matching; a
  // dead group takes its part and its matchings away.
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    s.quota_live[q] = static_cast<std::uint8_t>(st.quotas[q].size);
    s.quota_sure[q] = 0;
  }
  count_sure(s, [&](std::uint32_t q) { ++s.quota_sure[q]; });
  for (std::uint32_t f = 0; f < families_; ++f) {
    const auto& fam = st.families[f];
    s.family_live[f] =
        fam.matchings == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << fam.matchings) - 1;
    s.family_done[f] = 0;
    family_dirty_[f] = 1;
    family_stack_[family_top_++] = f;
  }
  // The dead groups, found sixteen counters at a time (about half of them
  // where a Sudoku stalls). The padding past the last group reads as 0.
  for (std::uint32_t v = 0; v < groups_bytes_ / 16; ++v) {
    for (std::uint32_t dead = zeros(s.group_counts, v); dead; dead &= dead - 1) {
      const std::uint32_t g = v * 16 + static_cast<std::uint32_t>(std::countr_zero(dead));
      if (g >= groups) break;
      const group_rule& r = rules_[g];
      if (r.family != none) s.family_live[r.family] &= ~r.with;
      if (!many_quotas_) {
        if (r.quota != none) --s.quota_live[r.quota];
        continue;
      }
      for (std::uint32_t i = group_quotas_start_[g]; i < group_quotas_start_[g + 1]; ++i)
        --s.quota_live[group_quotas_[i]];
    }
  }
  // Single-option parts (an item's split with options of its own) are alive
  // while active or chosen.
  if (!single_quotas_.empty()) {
    for (option_id o : preselected())
      chosen_mark_[o] = 1;
    for (std::uint32_t l = 0; l < chosen_count_; ++l)
      chosen_mark_[chosen_[l]] = 1;
    for (option_id o = 0; o + 1 < single_quotas_start_.size(); ++o) {
      if ((s.active[o / 64] >> (o % 64) & 1) || chosen_mark_[o]) continue;
      for (std::uint32_t i = single_quotas_start_[o]; i < single_quotas_start_[o + 1]; ++i)
        --s.quota_live[single_quotas_[i]];
    }
    for (option_id o : preselected())
      chosen_mark_[o] = 0;
    for (std::uint32_t l = 0; l < chosen_count_; ++l)
      chosen_mark_[chosen_[l]] = 0;
  }
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    const std::uint32_t live = s.quota_live[q], sure = s.quota_sure[q], k = st.quotas[q].k;
    if (live <= k || sure >= k) quota_stack_[quota_top_++] = q;
    dead_ |= live < k || sure > k;
  }
  groups_built_ = true;
}

bool structure_engine::consistent(const view& s, bool groups) const {
  auto active = [&](std::uint32_t o) { return (s.active[o / 64] >> (o % 64) & 1) != 0; };
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    std::uint32_t n = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
      n += static_cast<std::uint32_t>(std::popcount(s.active[masks_[m].word] & masks_[m].mask));
    if (n != s.counts[k]) return false;
  }
  if (!groups) return true;
  const matrix_structure& st = structure_;
  for (std::uint32_t g = 0; g < st.groups.size(); ++g) {
    if (s.group_counts[g] >= used_floor) continue;
    std::uint32_t n = 0;
    for (std::uint32_t t = 0; t < st.groups[g].size; ++t)
      n += active(st.options[st.groups[g].first + t]);
    if (n != s.group_counts[g]) return false;
  }
  // Each quota's used parts are those counted as sure.
  std::vector<std::uint32_t>& sure = sure_scratch_;
  sure.assign(st.quotas.size(), 0);
  count_sure(s, [&](std::uint32_t q) { ++sure[q]; });
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    if (sure[q] != s.quota_sure[q]) return false;
  }
  for (std::uint32_t f = 0; f < families_; ++f) {
    // No possible matching holds a dead group.
    const auto& fam = st.families[f];
    for (std::uint32_t e = 0; e < fam.size; ++e) {
      const std::uint32_t g = st.edges[fam.first + e];
      if (s.group_counts[g] == 0 && (s.family_live[f] & rules_[g].with) != 0) return false;
    }
  }
  return true;
}

bool structure_engine::check_invariants() const {
  if (base_stale_) return true;
  return consistent(at(const_cast<std::uint64_t*>(base_.data())), false);
}

}  // namespace dlx::detail::structure_search
