//! Today's contracts talk with the ones last released (`released.binpb`,
//! what the services deployed now were built from), message by message:
//! every message both know is filled with a value in every field, written
//! by one side and read by the other, both ways, and every field both
//! know must read as written (a changed number, type or encoding shows as
//! a different value); every call the released services offer is still
//! offered with the same request and answer. `buf breaking` checks the
//! same rules on the descriptors; this proves them on bytes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, Kind, MapKey, MessageDescriptor, ReflectMessage, Value};

fn protos(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            protos(&path, out);
        } else if path.extension().is_some_and(|e| e == "proto") {
            out.push(path);
        }
    }
}

fn pools() -> (DescriptorPool, DescriptorPool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    protos(&root.join("spa"), &mut files);
    let files: Vec<PathBuf> = files.iter().map(|f| f.strip_prefix(root).unwrap().to_owned()).collect();
    let mut compiler = protox::Compiler::new([root]).unwrap();
    compiler.include_imports(true).open_files(&files).unwrap();
    let released = DescriptorPool::decode(std::fs::read(root.join("released.binpb")).unwrap().as_slice()).unwrap();
    (compiler.descriptor_pool(), released)
}

/// A value of `kind` that no other kind reads the same: negative numbers
/// for signed integers (a varint read as zigzag, or the other way, differs).
fn sample(kind: &Kind, n: u32, depth: usize) -> Option<Value> {
    let i = i64::from(n);
    Some(match kind {
        Kind::Double => Value::F64(0.5 + i as f64),
        Kind::Float => Value::F32(0.25 + n as f32),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(-(n as i32) - 3),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(-i - 300),
        Kind::Uint32 | Kind::Fixed32 => Value::U32(n + 3_000_000),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(u64::from(n) + 5_000_000_000),
        Kind::Bool => Value::Bool(true),
        Kind::String => Value::String(format!("text {n}")),
        Kind::Bytes => Value::Bytes(vec![n as u8, 0xff, 0].into()),
        Kind::Enum(e) => Value::EnumNumber(e.values().map(|v| v.number()).max().unwrap_or(0)),
        Kind::Message(m) => Value::Message(filled(m, depth + 1)?),
    })
}

fn map_key(value: Value) -> MapKey {
    match value {
        Value::Bool(b) => MapKey::Bool(b),
        Value::I32(v) => MapKey::I32(v),
        Value::I64(v) => MapKey::I64(v),
        Value::U32(v) => MapKey::U32(v),
        Value::U64(v) => MapKey::U64(v),
        Value::String(s) => MapKey::String(s),
        other => panic!("not a map key: {other:?}"),
    }
}

/// `message` with every field set (one of each oneof's, lists of two, maps
/// of one), nested messages down to a few levels.
fn filled(message: &MessageDescriptor, depth: usize) -> Option<DynamicMessage> {
    if depth > 3 {
        return None;
    }
    let mut m = DynamicMessage::new(message.clone());
    let mut oneofs_set = Vec::new();
    for field in message.fields() {
        if let Some(oneof) = field.containing_oneof() {
            if oneofs_set.contains(&oneof.full_name().to_owned()) {
                continue;
            }
            oneofs_set.push(oneof.full_name().to_owned());
        }
        let n = field.number();
        let value = if field.is_map() {
            let Kind::Message(entry) = field.kind() else { unreachable!("a map's entry") };
            let key = map_key(sample(&entry.map_entry_key_field().kind(), n, depth)?);
            let Some(value) = sample(&entry.map_entry_value_field().kind(), n + 1, depth) else { continue };
            Value::Map(HashMap::from([(key, value)]))
        } else if field.is_list() {
            let (Some(a), Some(b)) = (sample(&field.kind(), n, depth), sample(&field.kind(), n + 7, depth)) else { continue };
            Value::List(vec![a, b])
        } else {
            let Some(value) = sample(&field.kind(), n, depth) else { continue };
            value
        };
        m.set_field(&field, value);
    }
    Some(m)
}

/// Every field `written` and `read` both know holds the same value in each.
fn same(written: &DynamicMessage, read: &DynamicMessage, path: &str, mismatches: &mut Vec<String>) {
    for field in written.descriptor().fields() {
        let path = format!("{path}.{}", field.name());
        let Some(other) = read.descriptor().get_field(field.number()) else {
            // Unknown to the reader is fine (kept, skipped); known under another number is not.
            if let Some(moved) = read.descriptor().get_field_by_name(field.name()) {
                mismatches.push(format!("{path}: number {} read as {}", field.number(), moved.number()));
            }
            continue;
        };
        same_value(&written.get_field(&field), &read.get_field(&other), &path, mismatches);
    }
}

fn same_value(a: &Value, b: &Value, path: &str, mismatches: &mut Vec<String>) {
    match (a, b) {
        (Value::Message(x), Value::Message(y)) => same(x, y, path, mismatches),
        (Value::List(x), Value::List(y)) if x.len() == y.len() => {
            for (i, (x, y)) in x.iter().zip(y).enumerate() {
                same_value(x, y, &format!("{path}[{i}]"), mismatches);
            }
        }
        (Value::Map(x), Value::Map(y)) if x.len() == y.len() => {
            for (k, x) in x {
                match y.get(k) {
                    Some(y) => same_value(x, y, &format!("{path}[{k:?}]"), mismatches),
                    None => mismatches.push(format!("{path}: key {k:?} lost")),
                }
            }
        }
        (x, y) if x == y => {}
        (x, y) => mismatches.push(format!("{path}: wrote {x:?}, read {y:?}")),
    }
}

/// Writes every message both pools know with `from`'s contract and reads
/// it with `to`'s: the fields that differ.
fn transcode(from: &DescriptorPool, to: &DescriptorPool) -> (usize, Vec<String>) {
    let (mut checked, mut mismatches) = (0, Vec::new());
    for message in from.all_messages().filter(|m| m.full_name().starts_with("spa.") && !m.is_map_entry()) {
        let Some(other) = to.get_message_by_name(message.full_name()) else { continue };
        let Some(written) = filled(&message, 0) else { continue };
        match DynamicMessage::decode(other, written.encode_to_vec().as_slice()) {
            Ok(read) => same(&written, &read, message.full_name(), &mut mismatches),
            Err(e) => mismatches.push(format!("{}: unreadable: {e}", message.full_name())),
        }
        checked += 1;
    }
    (checked, mismatches)
}

#[test]
fn todays_messages_and_the_released_ones_read_each_other() {
    let (current, released) = pools();
    for (what, from, to) in [("released, read today", &released, &current), ("today's, read by the released", &current, &released)] {
        let (checked, mismatches) = transcode(from, to);
        assert!(checked > 100, "{what}: only {checked} messages checked");
        assert!(mismatches.is_empty(), "{what}: {mismatches:#?}");
    }
}

#[test]
fn every_released_call_is_still_offered_with_its_request_and_answer() {
    let (current, released) = pools();
    let mut calls = 0;
    for service in released.services() {
        let now = current.get_service_by_name(service.full_name()).unwrap_or_else(|| panic!("{} is gone", service.full_name()));
        for method in service.methods() {
            let today = now.methods().find(|m| m.name() == method.name()).unwrap_or_else(|| panic!("{} is gone", method.full_name()));
            assert_eq!(today.input().full_name(), method.input().full_name(), "{}'s request", method.full_name());
            assert_eq!(today.output().full_name(), method.output().full_name(), "{}'s answer", method.full_name());
            calls += 1;
        }
    }
    assert!(calls > 50, "only {calls} calls released");
}

/// The check itself: a field whose number changed, or whose type went from
/// int32 to sint32 (the same wire type, another meaning), is caught.
#[test]
fn a_changed_number_or_encoding_is_caught() {
    let (current, _) = pools();
    let mut set = prost_types::FileDescriptorSet { file: current.file_descriptor_protos().cloned().collect() };
    let offer = set.file.iter_mut().flat_map(|f| f.message_type.iter_mut()).find(|m| m.name() == "RoomOffer").expect("RoomOffer");
    let renumbered = offer.field.iter_mut().find(|f| f.name() == "nights").expect("RoomOffer.nights");
    renumbered.number = Some(99);
    let changed = DescriptorPool::from_file_descriptor_set(set).unwrap();
    let (_, mismatches) = transcode(&current, &changed);
    assert!(mismatches.iter().any(|m| m.contains("RoomOffer.nights")), "{mismatches:#?}");

    let mut set = prost_types::FileDescriptorSet { file: current.file_descriptor_protos().cloned().collect() };
    let changed_event = set.file.iter_mut().flat_map(|f| f.message_type.iter_mut()).find(|m| m.name() == "Money").expect("Money");
    let amount = changed_event.field.iter_mut().find(|f| f.name() == "amount").expect("Money.amount");
    assert_eq!(amount.r#type(), prost_types::field_descriptor_proto::Type::Int64, "Money.amount is an int64");
    amount.set_type(prost_types::field_descriptor_proto::Type::Sint64);
    let changed = DescriptorPool::from_file_descriptor_set(set).unwrap();
    let (_, mismatches) = transcode(&current, &changed);
    assert!(mismatches.iter().any(|m| m.contains(".amount")), "{mismatches:#?}");
}
