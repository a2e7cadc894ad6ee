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
    write_read_only_methods(&fds)?;
    tonic_prost_build::configure().compile_fds(fds)?;
    Ok(())
}

/// Writes `READ_ONLY_METHODS`: the gRPC paths of every call its proto marks
/// `idempotency_level = NO_SIDE_EFFECTS`, so clients know which calls they
/// may send again without reading a list kept by hand.
fn write_read_only_methods(fds: &prost_types::FileDescriptorSet) -> std::io::Result<()> {
    use prost_types::method_options::IdempotencyLevel;
    let mut paths = Vec::new();
    for file in &fds.file {
        for service in &file.service {
            for method in &service.method {
                let level = method.options.as_ref().map(|o| o.idempotency_level()).unwrap_or_default();
                if level == IdempotencyLevel::NoSideEffects {
                    paths.push(format!("/{}.{}/{}", file.package(), service.name(), method.name()));
                }
            }
        }
    }
    paths.sort();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let body: String = paths.iter().map(|p| format!("    {p:?},\n")).collect();
    std::fs::write(out.join("read_only_methods.rs"), format!("pub const READ_ONLY_METHODS: &[&str] = &[\n{body}];\n"))
}
