//! The registry's names, groups and variants.

use super::*;

#[test]
fn preset_names_are_unique_and_groups_name_real_presets() {
    for (i, p) in PRESETS.iter().enumerate() {
        assert!(
            PRESETS[i + 1..].iter().all(|q| q.name != p.name),
            "{} twice",
            p.name
        );
    }
    for (group, list) in GROUPS {
        for name in list.split_whitespace() {
            assert!(
                expand(name).is_ok(),
                "group {group} names unknown preset {name}"
            );
        }
    }
    assert_eq!(default_preset().name, DEFAULT);
}

#[test]
fn a_preset_takes_variants_after_slashes() {
    let (name, s) = resolve("mrv/luby:100/seed:3").expect("valid");
    assert_eq!(name, "mrv/luby:100/seed:3");
    assert_eq!(s.restart.to_string(), "luby:100");
    assert_eq!(s.seed, Some(3));
    assert_eq!(s.order, find("mrv").expect("mrv").strategy.order);
    let (_, s) = resolve("fc-mrv/cbj").expect("valid");
    assert_eq!(s.lookback, LookBack::Cbj);
    assert_eq!(
        resolve("cbj/chronological").expect("valid").1,
        find("bt").expect("bt").strategy
    );
    for (spec, says) in [
        ("mrv/fibonacci", "bad variant 'fibonacci' of preset mrv"),
        ("mrv/luby:0", "at least 1"),
        ("cbt/luby:9", "static cell order"),
        ("mrv/cbj", "forward checking"),
        ("nope/cbj", "unknown preset 'nope'"),
    ] {
        let err = resolve(spec).expect_err(spec);
        assert!(err.contains(says), "{spec}: {err}");
    }
}

#[test]
fn seed003_hashmap_is_seed003_in_the_hash_sequence() {
    let group = |name: &str| expand(name).expect("a group");
    let (reading, hashed) = (group("seed003"), group("seed003-hashmap"));
    assert_eq!(reading.len(), hashed.len());
    for (r, h) in reading.iter().zip(&hashed) {
        assert_eq!(r.name, h.name);
        assert_eq!(h.label(), format!("{}@hashmap", r.name));
        assert_eq!(
            h.strategy,
            Strategy {
                sequence: Sequence::HashMap,
                ..r.strategy
            }
        );
    }
    let mcv = lookup("mcv").expect("a preset");
    assert!(std::ptr::eq(with_sequence(mcv, Sequence::Reading), mcv));
    let back = with_sequence(lookup("mcv@hashmap").expect("a variant"), Sequence::Reading);
    assert_eq!(*back, *mcv);
    let err = lookup("mcv@random").expect_err("no such sequence");
    assert!(err.to_string().contains("hashmap"), "{err}");
    assert!(lookup("nope@hashmap").is_err());
}

#[test]
fn an_unknown_preset_lists_the_valid_ones() {
    let err = lookup("fastest").expect_err("unknown");
    assert!(err.to_string().contains("mrv-degree"), "{err}");
}
