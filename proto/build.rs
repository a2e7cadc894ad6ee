//! Compiles every .proto under proto/spa with the pure-Rust protox compiler,
//! so no system protoc is needed.

use std::path::{Path, PathBuf};

fn protos(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read proto dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            protos(&path, out);
        } else if path.extension().is_some_and(|e| e == "proto") {
            out.push(path);
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files = Vec::new();
    protos(Path::new("spa"), &mut files);
    files.sort();
    println!("cargo:rerun-if-changed=spa");
    let fds = protox::compile(&files, ["."])?;
    tonic_prost_build::configure().compile_fds(fds)?;
    Ok(())
}
