//! The Gomocup ("pbrain") protocol with the Yixin-Board and Tengen extensions, as typed
//! messages. (Full documentation follows.)

mod about;
mod block;
mod board_block;
mod command;
mod error;
mod info;
mod line_reader;
mod reader;
mod response;

pub use about::About;
pub use block::{unknown_block_shape, CommandParser, UnknownBlockShape, DEFAULT_MAX_BLOCK_LINES};
pub use board_block::{BoardStone, Field};
pub use command::Command;
pub use error::{ParseError, ProtocolError, ReadError};
pub use info::{Info, TgOpeningRule, KNOWN_KEYS};
pub use line_reader::{LineReader, DEFAULT_MAX_LINE_LEN};
pub use reader::{
    read_commands, read_commands_with, read_responses, CommandReader, Commands, Limits,
    ResponseReader, Responses,
};
pub use response::{Eval, Feature, Realtime, Response, SearchInfo};
