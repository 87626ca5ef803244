//! The key table's own tests: no key bound twice, run-to interrupts, quit keys.

use super::*;

fn press(code: KeyCode) -> KeyPress {
    KeyPress::new(code, false)
}

#[test]
fn no_key_is_bound_twice_in_one_scope() {
    for (i, a) in KEYMAP.iter().enumerate() {
        for b in &KEYMAP[i + 1..] {
            // Tree keys shadow the others on purpose while the tree has the arrows, help
            // keys while the help is open, lesson keys at a lesson's stop.
            let modal = [Scope::Tree, Scope::Help, Scope::Lesson];
            let tree = modal.contains(&a.scope) || modal.contains(&b.scope);
            let overlap =
                a.scope == b.scope || (!tree && (a.scope == Scope::Both || b.scope == Scope::Both));
            for k in a.keys {
                assert!(
                    !(overlap && b.keys.contains(k)),
                    "{} bound twice",
                    key_name(k)
                );
            }
        }
    }
}

#[test]
fn any_key_interrupts_a_run_and_quit_keys_still_quit() {
    assert_eq!(
        action_for(&press(KeyCode::Char('x')), Mode::Running, 1),
        Some(Action::Interrupt)
    );
    assert_eq!(
        action_for(&press(KeyCode::Char('q')), Mode::Running, 1),
        Some(Action::Quit)
    );
    assert_eq!(
        action_for(&press(KeyCode::Right), Mode::Normal, 1),
        Some(Action::StepForward)
    );
    assert_eq!(
        action_for(&press(KeyCode::Char('d')), Mode::Normal, 1),
        None
    );
    assert_eq!(
        action_for(&press(KeyCode::Char('d')), Mode::Normal, 2),
        Some(Action::Divergence)
    );
    let ctrl_c = KeyPress::new(KeyCode::Char('c'), true);
    assert_eq!(action_for(&ctrl_c, Mode::Normal, 1), Some(Action::Quit));
}

#[test]
fn in_the_burst_that_started_a_run_a_run_key_queues_and_others_stop_it() {
    for (code, expected) in [
        (KeyCode::Char('n'), Action::NextDecision),
        (KeyCode::Char('w'), Action::NextWipeout),
        (KeyCode::Char('s'), Action::RunToEnd),
    ] {
        assert_eq!(action_for(&press(code), Mode::Queue, 1), Some(expected));
        assert_eq!(
            action_for(&press(code), Mode::Running, 1),
            Some(Action::Interrupt)
        );
    }
    assert_eq!(
        action_for(&press(KeyCode::Right), Mode::Queue, 1),
        Some(Action::Interrupt)
    );
    assert_eq!(
        action_for(&press(KeyCode::Char('q')), Mode::Queue, 1),
        Some(Action::Quit)
    );
}
