//! Compiles the demo pictures (`seed/media/*.svg`) into the binary, so a
//! catalog seeding an empty store puts them into its picture store with no
//! files beside it.

use std::fmt::Write;

fn main() {
    // The S3 picture store's test is skipped by name without a local S3 server.
    println!("cargo::rustc-check-cfg=cfg(has_s3)");
    println!("cargo::rerun-if-env-changed=TEST_MOTO_SERVER");
    if std::env::var("TEST_MOTO_SERVER").is_ok_and(|v| !v.is_empty()) {
        println!("cargo::rustc-cfg=has_s3");
    }
    let dir = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("seed/media");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).unwrap().map(|f| f.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "svg")).collect();
    files.sort();
    let mut out = String::from("/// The demo pictures by file name (`seed/media`).\nconst MEDIA: &[(&str, &[u8])] = &[\n");
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap();
        writeln!(out, "    ({name:?}, include_bytes!({:?})),", path.display().to_string()).unwrap();
    }
    out.push_str("];\n");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("media.rs"), out).unwrap();
}
