//! The internal-shell subset RUN lines are written in: a tokenizer and a parser into lists of
//! pipelines. Never handed to `sh`; the runner executes the parsed form itself.
//!
//! Supported: words with single quotes (literal), double quotes (`\"`, `\\`, `\$`, `` \` ``
//! escapes) and backslash escapes; pipes `|`; lists joined by `&&`, `||` and `;`; redirections
//! `<`, `>`, `>>`, `2>`, `2>>`, `&>`, `2>&1`, `>&2` (and the explicit `0<`, `1>`, `1>&2`, ...).
//! Not supported (a parse error): background `&`, `|&`, subshells `( )`, here-documents, other
//! file descriptors.

/// A standard output stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// File descriptor 1.
    Stdout,
    /// File descriptor 2.
    Stderr,
}

/// Which output streams an output redirection sends to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targets {
    /// `>` / `1>`.
    Stdout,
    /// `2>`.
    Stderr,
    /// `&>`.
    Both,
}

/// One redirection of a command, applied left to right like a shell does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redirect {
    /// `< path`: stdin reads the file.
    Input(String),
    /// `> path`, `>> path` (append), `2> path`, `&> path`.
    Output { targets: Targets, path: String, append: bool },
    /// `2>&1` (`stream: Stderr, to: Stdout`) or `>&2` (`stream: Stdout, to: Stderr`): the stream
    /// becomes a copy of where `to` points right now.
    Dup { stream: Stream, to: Stream },
}

/// One simple command: its words and its redirections.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Command {
    /// The program and its arguments (never empty after parsing).
    pub argv: Vec<String>,
    /// Redirections in the order written.
    pub redirects: Vec<Redirect>,
}

/// How a pipeline is joined to the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connector {
    /// `;` (and the first pipeline): always runs.
    Always,
    /// `&&`: runs when the previous result succeeded.
    And,
    /// `||`: runs when the previous result failed.
    Or,
}

/// A parsed RUN command: pipelines and how each is joined to the one before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct List {
    /// `(connector, pipeline)`; the first connector is `Always`; no pipeline is empty.
    pub items: Vec<(Connector, Vec<Command>)>,
}

/// A token of a RUN command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// A word after quote removal.
    Word(String),
    /// `|`
    Pipe,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `;`
    Semi,
    /// `<` (its file is the next word).
    In,
    /// `>`, `>>`, `2>`, `2>>`, `&>` (its file is the next word).
    Out { targets: Targets, append: bool },
    /// `2>&1`, `>&2`, ...
    Dup { stream: Stream, to: Stream },
}

/// Splits a RUN command into tokens, removing quotes.
pub fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut word = String::new();
    // Whether a word has started (it may be empty: `''`).
    let mut in_word = false;
    let mut i = 0;
    let flush = |tokens: &mut Vec<Token>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            tokens.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                flush(&mut tokens, &mut word, &mut in_word);
                i += 1;
            }
            '\'' => {
                let close = chars[i + 1..].iter().position(|&c| c == '\'').ok_or("unterminated single quote")?;
                word.extend(&chars[i + 1..i + 1 + close]);
                in_word = true;
                i += close + 2;
            }
            '"' => {
                in_word = true;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err("unterminated double quote".into()),
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\' | '$' | '`')) => {
                            word.push(chars[i + 1]);
                            i += 2;
                        }
                        Some(&ch) => {
                            word.push(ch);
                            i += 1;
                        }
                    }
                }
            }
            '\\' => {
                let next = chars.get(i + 1).ok_or("backslash at the end of the command")?;
                word.push(*next);
                in_word = true;
                i += 2;
            }
            '|' => {
                flush(&mut tokens, &mut word, &mut in_word);
                match chars.get(i + 1) {
                    Some('|') => {
                        tokens.push(Token::Or);
                        i += 2;
                    }
                    Some('&') => return Err("`|&` is not supported; write `2>&1 |`".into()),
                    _ => {
                        tokens.push(Token::Pipe);
                        i += 1;
                    }
                }
            }
            '&' => {
                flush(&mut tokens, &mut word, &mut in_word);
                match chars.get(i + 1) {
                    Some('&') => {
                        tokens.push(Token::And);
                        i += 2;
                    }
                    Some('>') => {
                        let append = chars.get(i + 2) == Some(&'>');
                        tokens.push(Token::Out { targets: Targets::Both, append });
                        i += if append { 3 } else { 2 };
                    }
                    _ => return Err("background jobs (`&`) are not supported".into()),
                }
            }
            ';' => {
                flush(&mut tokens, &mut word, &mut in_word);
                tokens.push(Token::Semi);
                i += 1;
            }
            '<' | '>' => {
                flush(&mut tokens, &mut word, &mut in_word);
                i = redirect(&chars, i, None, &mut tokens)?;
            }
            '0'..='9' if !in_word => {
                let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                match chars.get(i + digits) {
                    Some('<' | '>') => {
                        let fd: String = chars[i..i + digits].iter().collect();
                        let fd = fd.parse::<u32>().map_err(|_| format!("bad file descriptor `{fd}`"))?;
                        i = redirect(&chars, i + digits, Some(fd), &mut tokens)?;
                    }
                    _ => {
                        word.push(c);
                        in_word = true;
                        i += 1;
                    }
                }
            }
            '(' | ')' => return Err(format!("`{c}` is not supported (no subshells); quote it")),
            _ => {
                word.push(c);
                in_word = true;
                i += 1;
            }
        }
    }
    flush(&mut tokens, &mut word, &mut in_word);
    Ok(tokens)
}

/// Lexes the redirection operator at `chars[i]` (`<` or `>`) with an optional explicit file
/// descriptor; pushes its token and returns the index after it.
fn redirect(chars: &[char], i: usize, fd: Option<u32>, tokens: &mut Vec<Token>) -> Result<usize, String> {
    if chars[i] == '<' {
        if !matches!(fd, None | Some(0)) {
            return Err(format!("input redirection of file descriptor {} is not supported", fd.unwrap_or(0)));
        }
        if chars.get(i + 1) == Some(&'<') {
            return Err("here-documents (`<<`) are not supported".into());
        }
        tokens.push(Token::In);
        return Ok(i + 1);
    }
    let stream = match fd {
        None | Some(1) => Stream::Stdout,
        Some(2) => Stream::Stderr,
        Some(n) => return Err(format!("redirecting file descriptor {n} is not supported")),
    };
    match chars.get(i + 1) {
        Some('&') => {
            let to = match chars.get(i + 2) {
                Some('1') => Stream::Stdout,
                Some('2') => Stream::Stderr,
                _ => return Err("only `>&1` and `>&2` are supported after `>&`".into()),
            };
            if chars.get(i + 3).is_some_and(|c| !c.is_whitespace() && !matches!(c, '|' | ';' | '&' | '<' | '>')) {
                return Err("only `>&1` and `>&2` are supported after `>&`".into());
            }
            tokens.push(Token::Dup { stream, to });
            Ok(i + 3)
        }
        Some('>') => {
            let targets = match stream {
                Stream::Stdout => Targets::Stdout,
                Stream::Stderr => Targets::Stderr,
            };
            tokens.push(Token::Out { targets, append: true });
            Ok(i + 2)
        }
        _ => {
            let targets = match stream {
                Stream::Stdout => Targets::Stdout,
                Stream::Stderr => Targets::Stderr,
            };
            tokens.push(Token::Out { targets, append: false });
            Ok(i + 1)
        }
    }
}

/// Parses a RUN command into a list of pipelines.
pub fn parse(text: &str) -> Result<List, String> {
    let tokens = tokenize(text)?;
    let mut items: Vec<(Connector, Vec<Command>)> = Vec::new();
    let mut connector = Connector::Always;
    let mut pipeline: Vec<Command> = Vec::new();
    let mut command = Command::default();
    let mut iter = tokens.into_iter().peekable();
    while let Some(token) = iter.next() {
        match token {
            Token::Word(w) => command.argv.push(w),
            Token::In | Token::Out { .. } => {
                let Some(Token::Word(path)) = iter.next() else {
                    return Err("a redirection needs a file name after it".into());
                };
                command.redirects.push(match token {
                    Token::Out { targets, append } => Redirect::Output { targets, path, append },
                    _ => Redirect::Input(path),
                });
            }
            Token::Dup { stream, to } => command.redirects.push(Redirect::Dup { stream, to }),
            Token::Pipe => {
                if command.argv.is_empty() {
                    return Err("missing command before `|`".into());
                }
                pipeline.push(std::mem::take(&mut command));
            }
            Token::And | Token::Or | Token::Semi => {
                let op = match token {
                    Token::And => "&&",
                    Token::Or => "||",
                    _ => ";",
                };
                if command.argv.is_empty() {
                    return Err(format!("missing command before `{op}`"));
                }
                pipeline.push(std::mem::take(&mut command));
                items.push((connector, std::mem::take(&mut pipeline)));
                connector = match token {
                    Token::And => Connector::And,
                    Token::Or => Connector::Or,
                    _ => Connector::Always,
                };
                // A trailing `;` ends the command like in a shell.
                if op == ";" && iter.peek().is_none() {
                    return Ok(List { items });
                }
            }
        }
    }
    if command.argv.is_empty() {
        return Err(if command.redirects.is_empty() && pipeline.is_empty() && items.is_empty() {
            "empty command".to_string()
        } else {
            "missing command at the end".to_string()
        });
    }
    pipeline.push(command);
    items.push((connector, pipeline));
    Ok(List { items })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|t| match t {
                Token::Word(w) => w,
                other => format!("<{other:?}>"),
            })
            .collect()
    }

    #[test]
    fn tokenizes_quotes_and_escapes() {
        assert_eq!(words("a  'b c' \"d \\\"e\\\" \\n\" f\\ g ''"), ["a", "b c", "d \"e\" \\n", "f g", ""]);
        assert_eq!(words("x'y'\"z\""), ["xyz"]);
        assert_eq!(words("'a|b;c>d' \"&&\""), ["a|b;c>d", "&&"]);
        assert!(tokenize("'open").unwrap_err().contains("single quote"));
        assert!(tokenize("\"open").unwrap_err().contains("double quote"));
        assert!(tokenize("a \\").is_err());
    }

    #[test]
    fn tokenizes_operators_and_redirections() {
        use Token::*;
        let t = tokenize("a 2>&1 | b > o >> p 2> e 2>>f &> g < i && c || d ; e >&2 1>x").unwrap();
        let expected = vec![
            Word("a".into()),
            Dup { stream: Stream::Stderr, to: Stream::Stdout },
            Pipe,
            Word("b".into()),
            Out { targets: Targets::Stdout, append: false },
            Word("o".into()),
            Out { targets: Targets::Stdout, append: true },
            Word("p".into()),
            Out { targets: Targets::Stderr, append: false },
            Word("e".into()),
            Out { targets: Targets::Stderr, append: true },
            Word("f".into()),
            Out { targets: Targets::Both, append: false },
            Word("g".into()),
            In,
            Word("i".into()),
            And,
            Word("c".into()),
            Or,
            Word("d".into()),
            Semi,
            Word("e".into()),
            Dup { stream: Stream::Stdout, to: Stream::Stderr },
            // `1>x` is a redirection, not the word "1".
            Out { targets: Targets::Stdout, append: false },
            Word("x".into()),
        ];
        assert_eq!(t, expected);
        // A digit inside a word is part of the word; `>` still ends it.
        assert_eq!(words("foo2>x -O2"), ["foo2", "<Out { targets: Stdout, append: false }>", "x", "-O2"]);
        assert_eq!(words("a>b"), ["a", "<Out { targets: Stdout, append: false }>", "b"]);
    }

    #[test]
    fn rejects_unsupported_syntax() {
        for bad in ["a & b", "a |& b", "(a)", "a 3> x", "a << EOF", "a >&x", "a 2>&3"] {
            assert!(tokenize(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn parses_lists_and_pipelines() {
        let l = parse("a x | b 2>&1 > out && c < in ; d || e ;").unwrap();
        let shape: Vec<(Connector, Vec<Vec<String>>)> =
            l.items.iter().map(|(c, p)| (*c, p.iter().map(|cmd| cmd.argv.clone()).collect())).collect();
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            shape,
            [
                (Connector::Always, vec![v(&["a", "x"]), v(&["b"])]),
                (Connector::And, vec![v(&["c"])]),
                (Connector::Always, vec![v(&["d"])]),
                (Connector::Or, vec![v(&["e"])]),
            ]
        );
        assert_eq!(
            l.items[0].1[1].redirects,
            [
                Redirect::Dup { stream: Stream::Stderr, to: Stream::Stdout },
                Redirect::Output { targets: Targets::Stdout, path: "out".into(), append: false }
            ]
        );
        assert_eq!(l.items[1].1[0].redirects, [Redirect::Input("in".into())]);
    }

    #[test]
    fn rejects_malformed_lists() {
        for bad in ["", "| a", "a |", "a &&", "&& a", "a > ", "a > | b", "> x", "a ; ; b"] {
            assert!(parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }
}
