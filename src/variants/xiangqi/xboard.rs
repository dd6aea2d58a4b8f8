//! Xiangqi as XBoard sees it: XBoard knows the game, so every text is
//! written as it is (the defaults of [`XboardView`]).

use super::Xiangqi;
use crate::variants::xboard::XboardView;

impl XboardView for Xiangqi {}
