//! Which test files and RUN lines a run covers: `--mcpu`, `--file` and `--shard K/N`, shared
//! by `mcdiff run` and `mcdiff gate`, and recorded in their JSON so shard documents are merged
//! only with shards of the same selection.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which RUN lines a run covers.
#[derive(clap::Args, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    /// Only RUN lines with this -mcpu (repeatable).
    #[arg(long = "mcpu", value_name = "CPU")]
    #[serde(rename = "mcpu")]
    pub mcpus: Vec<String>,
    /// Only test files whose path contains this text (repeatable).
    #[arg(long = "file", value_name = "TEXT")]
    #[serde(rename = "file")]
    pub files: Vec<String>,
    /// Only the K-th of N shards of the selected files (1 <= K <= N), a split by a hash of
    /// each file's path, so a CI matrix of N jobs covers every file once; merge their JSON
    /// with `mcdiff report merge`.
    #[arg(long, value_name = "K/N")]
    // The JSON names the shard at the top of the document, where no reader can miss it.
    #[serde(skip)]
    pub shard: Option<Shard>,
}

impl Selection {
    /// The `--file` filters take the file (its path relative to the corpus).
    pub fn matches_file(&self, path: &str) -> bool {
        self.files.is_empty() || self.files.iter().any(|f| path.contains(f.as_str()))
    }

    /// The file is selected and falls into this run's shard.
    pub fn covers_file(&self, path: &str) -> bool {
        self.matches_file(path) && self.shard.is_none_or(|s| s.holds(path))
    }

    /// The `--mcpu` filters take a RUN line with this `-mcpu` (None: the RUN line names none).
    pub fn matches_mcpu(&self, mcpu: Option<&str>) -> bool {
        self.mcpus.is_empty() || self.mcpus.iter().any(|m| Some(m.as_str()) == mcpu)
    }
}

/// `K/N`: the K-th (1-based) of N shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Whether the test file at `path` (relative to the corpus, `/`-separated) is in this
    /// shard. The split hashes the path alone (FNV-1a, fixed by this code, unlike std's
    /// seeded hasher), so a file keeps its shard on every machine and when other files
    /// come or go, and each file falls in exactly one of the N shards.
    pub fn holds(&self, path: &str) -> bool {
        fnv1a(path.as_bytes()) % u64::from(self.count) == u64::from(self.index - 1)
    }
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |h, b| (h ^ u64::from(*b)).wrapping_mul(PRIME))
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let usage = || format!("`{s}` is not K/N with 1 <= K <= N (e.g. 2/4)");
        let (k, n) = s.split_once('/').ok_or_else(usage)?;
        let (index, count) = (
            k.trim().parse::<u32>().map_err(|_| usage())?,
            n.trim().parse::<u32>().map_err(|_| usage())?,
        );
        if index == 0 || index > count {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

impl Serialize for Shard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_parses_k_of_n() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!("4/4".parse::<Shard>().unwrap().to_string(), "4/4");
        for bad in ["0/3", "4/3", "x", "1/0", "1/", "/3", "-1/3", "1/3/5"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_file_is_in_exactly_one_shard() {
        let paths: Vec<String> = (0..500)
            .map(|i| format!("MC/AMDGPU/gfx{i}_asm.s"))
            .collect();
        for count in 1..=7 {
            let mut per_shard = vec![0; count as usize];
            for p in &paths {
                let holders: Vec<u32> = (1..=count)
                    .filter(|&index| Shard { index, count }.holds(p))
                    .collect();
                assert_eq!(holders.len(), 1, "{p} in shards {holders:?} of {count}");
                per_shard[holders[0] as usize - 1] += 1;
            }
            // A hash spreads 500 files roughly evenly: no shard gets twice its share.
            let share = paths.len() / count as usize;
            assert!(per_shard.iter().all(|&n| n < 2 * share), "{per_shard:?}");
        }
    }

    #[test]
    fn the_split_is_fixed_by_the_path_alone() {
        // Pinned values: a change of hash would move files between CI jobs' shards.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
