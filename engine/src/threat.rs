//! Threat-space search: VCF ("victory by continuous fours") and VCT ("victory by continuous
//! threats", fours and open threes).
//!
//! VCF: the attacker plays only moves
//! that make a four; the defender's reply is forced (the four's completion point), unless the
//! defender can make five first. A straight four, a double four, or a four whose completion
//! point is forbidden for a Renju black defender wins.
//!
//! Failures are remembered in a small direct-mapped cache keyed by the position's Zobrist key
//! and the remaining depth, so transpositions of the same fours are not searched twice.
//!
//! VCT: the attacker may also play open threes. After a three the defender may answer with any
//! point where the attacker would make a four (that covers every block of the three) or with a
//! four of its own; the three wins only if every such answer loses. A counter-four the attacker
//! cannot answer with a threat counts as a failure, so a reported VCT is a real win under these
//! moves; a missed one is possible (the search is bounded). The depth limit counts the
//! attacker's threats only: blocking a counter-four is forced and free (else a defender with
//! fours to spare could use them up to push any win past the limit).

use tengen_rules::Color;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::movegen;
use crate::pattern::Class;
use crate::position::{Cell, Position, STEPS};

/// When a solver must give up early: a deadline and/or stop flags, polled every 256 nodes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Interrupt<'a> {
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up once this flag is set.
    pub stop: Option<&'a AtomicBool>,
    /// ...or this one (e.g. the search the solver runs beside has ended).
    pub done: Option<&'a AtomicBool>,
}

impl Interrupt<'_> {
    fn fired(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.done.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A VCF solver with its own failure cache.
#[derive(Debug, Clone)]
pub struct Vcf {
    keys: Vec<u64>,
    depths: Vec<u8>,
    nodes: u64,
    limit: u64,
    interrupted: bool,
    bufs: Vec<Vec<Cell>>,
}

impl Vcf {
    /// A solver whose failure cache has `entries` slots (rounded up to a power of two).
    #[must_use]
    pub fn new(entries: usize) -> Vcf {
        let n = entries.next_power_of_two().max(1024);
        Vcf {
            keys: vec![0; n],
            depths: vec![0; n],
            nodes: 0,
            limit: 0,
            interrupted: false,
            bufs: Vec::new(),
        }
    }

    /// Nodes visited since the last call (and reset the count).
    pub fn take_nodes(&mut self) -> u64 {
        std::mem::take(&mut self.nodes)
    }

    /// Like [`Vcf::solve`], but gives up when `interrupt` fires.
    pub fn solve_until(
        &mut self,
        pos: &mut Position,
        excluded: &[Cell],
        max_fours: i32,
        max_nodes: u64,
        interrupt: Interrupt<'_>,
    ) -> Option<Vec<Cell>> {
        self.limit = self.nodes + max_nodes;
        self.interrupted = false;
        let mut line = Vec::new();
        if self.attack(pos, max_fours, &mut line, excluded, 0, interrupt) {
            Some(line)
        } else {
            None
        }
    }

    /// Forget cached failures.
    pub fn clear(&mut self) {
        self.keys.iter_mut().for_each(|k| *k = 0);
    }

    /// Look for a VCF for the side to move of at most `max_fours` fours within `max_nodes`
    /// nodes. Returns the line (attacker and defender moves alternating, starting with the
    /// attacker's first four, ending with the winning move). Root moves in `excluded` are not
    /// tried.
    pub fn solve(
        &mut self,
        pos: &mut Position,
        excluded: &[Cell],
        max_fours: i32,
        max_nodes: u64,
    ) -> Option<Vec<Cell>> {
        self.solve_until(pos, excluded, max_fours, max_nodes, Interrupt::default())
    }

    /// Whether the side to move has a VCF within the bounds (no line recorded).
    pub fn quick(&mut self, pos: &mut Position, max_fours: i32, max_nodes: u64) -> bool {
        self.solve(pos, &[], max_fours, max_nodes).is_some()
    }

    fn slot(&self, key: u64) -> usize {
        (key >> 20) as usize & (self.keys.len() - 1)
    }

    fn known_failure(&self, key: u64, depth: i32) -> bool {
        let i = self.slot(key);
        self.keys[i] == key && i32::from(self.depths[i]) >= depth
    }

    fn remember_failure(&mut self, key: u64, depth: i32) {
        let i = self.slot(key);
        self.keys[i] = key;
        self.depths[i] = depth.clamp(0, 255) as u8;
    }

    /// The attacker (side to move) looks for a win by fours.
    fn attack(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
        excluded: &[Cell],
        ply: usize,
        interrupt: Interrupt<'_>,
    ) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 && interrupt.fired() {
            self.interrupted = true;
        }
        if self.nodes > self.limit || self.interrupted {
            return false;
        }
        let us = pos.side();
        let them = us.opponent();
        if ply >= self.bufs.len() {
            self.bufs.push(Vec::new());
        }
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let found = self.attack_inner(
            pos, us, them, depth, line, excluded, ply, &mut buf, interrupt,
        );
        self.bufs[ply] = buf;
        found
    }

    #[allow(clippy::too_many_arguments)]
    fn attack_inner(
        &mut self,
        pos: &mut Position,
        us: Color,
        them: Color,
        depth: i32,
        line: &mut Vec<Cell>,
        excluded: &[Cell],
        ply: usize,
        buf: &mut Vec<Cell>,
        interrupt: Interrupt<'_>,
    ) -> bool {
        let allowed = |c: &Cell| !excluded.contains(c);
        match movegen::threat(pos) {
            Threat::WinNow(c) | Threat::WinIn3(c) if allowed(&c) => {
                line.push(c);
                return true;
            }
            Threat::Lost(_) => return false,
            Threat::MustBlock(c) => {
                // The only move: it continues the VCF only if it is itself a four.
                if !pos.class(us, c).makes_four() || !allowed(&c) {
                    return false;
                }
                buf.clear();
                buf.push(c);
            }
            _ => {
                if depth <= 0 {
                    return false;
                }
                movegen::fours(pos, us, buf);
                buf.retain(allowed);
                // Fours that also make a three first: they leave the most follow-ups.
                buf.sort_by_cached_key(|&c| {
                    let k = pos.combo(us, c);
                    -(k.value
                        + if k.class == Class::FourThree {
                            10_000
                        } else {
                            0
                        })
                });
            }
        }
        if depth <= 0 {
            return false;
        }
        let key = pos.hash();
        if self.known_failure(key, depth) {
            return false;
        }
        for &c in buf.iter() {
            pos.play(c);
            // The defender must take our five point, unless it can make five itself.
            let reply = forced_reply(pos, us, them, c);
            match reply {
                Reply::AttackerWins => {
                    pos.undo();
                    line.push(c);
                    return true;
                }
                Reply::DefenderEscapes => {
                    pos.undo();
                }
                Reply::Block(d) => {
                    pos.play(d);
                    line.push(c);
                    line.push(d);
                    let won = self.attack(pos, depth - 1, line, &[], ply + 1, interrupt);
                    pos.undo();
                    pos.undo();
                    if won {
                        return true;
                    }
                    line.truncate(line.len() - 2);
                }
            }
            if self.nodes > self.limit || self.interrupted {
                return false;
            }
        }
        if self.nodes <= self.limit && !self.interrupted {
            self.remember_failure(key, depth);
        }
        false
    }
}

use crate::movegen::Threat;

enum Reply {
    AttackerWins,
    DefenderEscapes,
    Block(Cell),
}

/// After the attacker's four: the defender's only reply, or the verdict.
fn forced_reply(pos: &mut Position, us: Color, them: Color, four: Cell) -> Reply {
    if pos.count(them, Class::Five) > 0 {
        return Reply::DefenderEscapes;
    }
    let fives = pos.count(us, Class::Five);
    if fives >= 2 {
        return Reply::AttackerWins;
    }
    if fives == 0 {
        // Not a four after all (cannot happen with pattern-selected moves).
        return Reply::DefenderEscapes;
    }
    // The completion point lies on one of the four's lines, within four points of it.
    let mut d = None;
    'search: for step in STEPS {
        for k in (-4isize..=4).filter(|&k| k != 0) {
            let c = (four as isize + step * k) as Cell;
            if pos.is_empty(c) && pos.class(us, c) == Class::Five {
                d = Some(c);
                break 'search;
            }
        }
    }
    let Some(d) = d else {
        return Reply::DefenderEscapes;
    };
    if !pos.is_legal_for(them, d) {
        // Renju: black cannot block on a forbidden point.
        return Reply::AttackerWins;
    }
    Reply::Block(d)
}

/// A VCT solver (with its own VCF solver for the attacker's quick wins).
#[derive(Debug, Clone)]
pub struct Vct {
    vcf: Vcf,
    keys: Vec<u64>,
    /// Per slot: bit 7 = win, bits 0..7 = depth searched.
    info: Vec<u8>,
    nodes: u64,
    limit: u64,
    out_of_time: bool,
    bufs: Vec<Vec<Cell>>,
}

const VCT_WIN: u8 = 0x80;

impl Vct {
    /// A solver whose cache has `entries` slots (rounded up to a power of two).
    #[must_use]
    pub fn new(entries: usize) -> Vct {
        let n = entries.next_power_of_two().max(1024);
        Vct {
            vcf: Vcf::new(entries),
            keys: vec![0; n],
            info: vec![0; n],
            nodes: 0,
            limit: 0,
            out_of_time: false,
            bufs: Vec::new(),
        }
    }

    /// Nodes visited since the last call (and reset the count).
    pub fn take_nodes(&mut self) -> u64 {
        std::mem::take(&mut self.nodes) + self.vcf.take_nodes()
    }

    /// Look for a VCT of at most `max_threats` attacker moves for the side to move, within
    /// `max_nodes` nodes and until `interrupt` fires. Returns the first move of a win. Root
    /// moves in `excluded` are not tried.
    pub fn solve(
        &mut self,
        pos: &mut Position,
        excluded: &[Cell],
        max_threats: i32,
        max_nodes: u64,
        interrupt: Interrupt<'_>,
    ) -> Option<Cell> {
        self.limit = self.nodes + self.vcf.nodes + max_nodes;
        self.out_of_time = false;
        let mut first = None;
        // Raise the depth step by step: short wins first, and shallow failures fill the cache.
        for depth in 1..=max_threats {
            if self.attack(pos, depth, 0, excluded, &mut first, interrupt) {
                return first;
            }
            if self.exhausted(interrupt) {
                break;
            }
        }
        None
    }

    fn exhausted(&mut self, interrupt: Interrupt<'_>) -> bool {
        // The inner VCF's nodes count too: they were most of the work, and leaving them out
        // let a 20 000-node budget run to 150 000 nodes.
        if self.nodes + self.vcf.nodes > self.limit {
            return true;
        }
        if self.nodes & 255 == 0 {
            self.out_of_time |= interrupt.fired();
        }
        self.out_of_time
    }

    fn slot(&self, key: u64) -> usize {
        (key >> 24) as usize & (self.keys.len() - 1)
    }

    fn attack(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        excluded: &[Cell],
        first: &mut Option<Cell>,
        interrupt: Interrupt<'_>,
    ) -> bool {
        self.nodes += 1;
        if self.exhausted(interrupt) {
            return false;
        }
        while self.bufs.len() <= 2 * ply + 1 {
            self.bufs.push(Vec::new());
        }
        let mut cands = std::mem::take(&mut self.bufs[2 * ply]);
        let found = self.attack_inner(pos, depth, ply, excluded, first, &mut cands, interrupt);
        self.bufs[2 * ply] = cands;
        found
    }

    // The recursion's state is passed explicitly (no per-node struct) to keep the VCT loop
    // free of allocations and copies; hence one argument more than clippy's default.
    #[allow(clippy::too_many_arguments)]
    fn attack_inner(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        ply: usize,
        excluded: &[Cell],
        first: &mut Option<Cell>,
        cands: &mut Vec<Cell>,
        interrupt: Interrupt<'_>,
    ) -> bool {
        let us = pos.side();
        let them = us.opponent();
        let allowed = |c: &Cell| !excluded.contains(c);
        match movegen::threat(pos) {
            Threat::WinNow(c) | Threat::WinIn3(c) if allowed(&c) => {
                *first = Some(c);
                return true;
            }
            Threat::Lost(_) => return false,
            Threat::MustBlock(c) => {
                if !allowed(&c) {
                    return false;
                }
                cands.clear();
                cands.push(c);
                // Blocking the defender's four is forced, not a threat of ours: it costs no
                // depth (else a defender with fours to spare would outlast any depth limit).
                depth += 1;
            }
            Threat::Defend => {
                // The opponent threatens a straight four: only fours keep the initiative.
                movegen::fours(pos, us, cands);
                cands.retain(allowed);
            }
            _ => {
                if depth <= 0 {
                    return false;
                }
                if let Some(line) = self.vcf.solve_until(pos, excluded, 30, 500, interrupt) {
                    *first = line.first().copied();
                    return true;
                }
                let mut threes = Vec::new();
                movegen::fours(pos, us, cands);
                movegen::threes(pos, us, &mut threes);
                threes.sort_by_cached_key(|&c| -pos.combo(us, c).value);
                cands.extend(threes);
                cands.retain(allowed);
            }
        }
        if depth <= 0 {
            return false;
        }
        let key = pos.hash();
        let i = self.slot(key);
        if ply > 0 && self.keys[i] == key {
            let info = self.info[i];
            if info & VCT_WIN != 0 && i32::from(info & 0x7F) <= depth {
                return true;
            }
            if info & VCT_WIN == 0 && i32::from(info & 0x7F) >= depth {
                return false;
            }
        }
        for &c in cands.iter() {
            pos.play(c);
            let won = if pos.count(us, Class::Five) > 0 {
                match forced_reply(pos, us, them, c) {
                    Reply::AttackerWins => true,
                    Reply::DefenderEscapes => false,
                    Reply::Block(d) => {
                        pos.play(d);
                        let mut ignored = None;
                        let r = self.attack(pos, depth - 1, ply + 1, &[], &mut ignored, interrupt);
                        pos.undo();
                        r
                    }
                }
            } else {
                self.every_defence_loses(pos, depth, ply, interrupt)
            };
            pos.undo();
            if won {
                *first = Some(c);
                self.keys[i] = key;
                self.info[i] = VCT_WIN | depth.clamp(0, 127) as u8;
                return true;
            }
            if self.exhausted(interrupt) {
                return false;
            }
        }
        if !self.exhausted(interrupt) {
            self.keys[i] = key;
            self.info[i] = depth.clamp(0, 127) as u8;
        }
        false
    }

    /// After a quiet threat by the attacker (the defender is to move): does every defence lose?
    fn every_defence_loses(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        interrupt: Interrupt<'_>,
    ) -> bool {
        let defender = pos.side();
        let attacker = defender.opponent();
        let mut defences = std::mem::take(&mut self.bufs[2 * ply + 1]);
        // Not a threat at all: the defender has a free move.
        let threat = movegen::opponent_threatens_four(pos, attacker);
        let result = if threat {
            movegen::defences(pos, &mut defences);
            let mut all_lose = true;
            for &e in defences.iter() {
                pos.play(e);
                let mut ignored = None;
                let r = self.attack(pos, depth - 1, ply + 1, &[], &mut ignored, interrupt);
                pos.undo();
                if !r {
                    all_lose = false;
                    break;
                }
            }
            all_lose
        } else {
            false
        };
        self.bufs[2 * ply + 1] = defences;
        result
    }
}
