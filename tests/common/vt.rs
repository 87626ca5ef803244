//! A terminal just good enough to replay what ratatui's crossterm backend writes (cursor
//! moves, SGR, clears, printable characters one cell each), to read a recording's screen.

#![allow(dead_code, reason = "each test file uses some of these helpers")]

/// A terminal good enough for the bytes ratatui writes: cursor moves, SGR (ignored),
/// clears, and printable characters one cell each.
pub struct Screen {
    rows: Vec<Vec<char>>,
    x: usize,
    y: usize,
}

impl Screen {
    pub fn new(w: usize, h: usize) -> Screen {
        Screen {
            rows: vec![vec![' '; w]; h],
            x: 0,
            y: 0,
        }
    }

    pub fn feed(&mut self, text: &str) {
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' if chars.peek() == Some(&'[') => {
                    chars.next();
                    let mut params = String::new();
                    let mut fin = ' ';
                    for d in chars.by_ref() {
                        if ('\x40'..='\x7e').contains(&d) {
                            fin = d;
                            break;
                        }
                        params.push(d);
                    }
                    self.csi(&params, fin);
                }
                '\x1b' => {
                    chars.next();
                }
                '\r' => self.x = 0,
                '\n' => self.y = (self.y + 1).min(self.rows.len() - 1),
                c if c >= ' ' => {
                    if let Some(cell) = self.rows.get_mut(self.y).and_then(|r| r.get_mut(self.x)) {
                        *cell = c;
                    }
                    self.x += 1;
                }
                _ => {}
            }
        }
    }

    fn csi(&mut self, params: &str, fin: char) {
        let n: Vec<usize> = params.split(';').map(|p| p.parse().unwrap_or(1)).collect();
        match fin {
            'H' | 'f' => {
                self.y = n.first().copied().unwrap_or(1).max(1) - 1;
                self.x = n.get(1).copied().unwrap_or(1).max(1) - 1;
            }
            'J' if params == "2" => {
                for row in &mut self.rows {
                    row.fill(' ');
                }
            }
            _ => {}
        }
    }

    pub fn text(&self) -> String {
        let mut text = String::new();
        for row in &self.rows {
            text.push_str(row.iter().collect::<String>().trim_end());
            text.push('\n');
        }
        text
    }
}

/// Replays an asciicast v2 recording: its header's size and the screen after its last
/// frame. Fails on anything that is not asciicast v2 output (the test's assertion).
pub fn replay(cast: &str) -> ((u64, u64), Screen, usize) {
    let mut lines = cast.lines();
    let header: serde_json::Value =
        serde_json::from_str(lines.next().expect("a header line")).expect("the header is JSON");
    assert_eq!(header["version"], 2, "asciicast version 2");
    let (w, h) = (
        header["width"].as_u64().expect("width"),
        header["height"].as_u64().expect("height"),
    );
    let mut screen = Screen::new(w as usize, h as usize);
    let mut last = 0.0;
    let mut frames = 0;
    for line in lines {
        let (time, kind, text): (f64, String, String) =
            serde_json::from_str(line).expect("a frame is [seconds, \"o\", text]");
        assert_eq!(kind, "o");
        assert!(time >= last, "time goes forward");
        assert!(!text.is_empty(), "no empty frames");
        last = time;
        screen.feed(&text);
        frames += 1;
    }
    ((w, h), screen, frames)
}
