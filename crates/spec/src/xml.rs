//! Parser for one MRISA-schema XML file (AMD's official schema, and the partial/manual
//! reconstructions that follow it with elements left out).
//!
//! Element names follow AMD's spelling, including `CondtionExpression`. Anything a
//! partial or manual file leaves out becomes `None`, an empty list or `false`; anything
//! present but malformed is a [`SpecError::Schema`] naming the file, the element and its line.

use std::path::{Path, PathBuf};

use roxmltree::{Document, Node};

use crate::model::*;
use crate::SpecError;

/// Reads and parses `path`; every fact gets source id 0 (`source` becomes `sources[0]`).
pub fn parse_file(path: &Path, source: SourceFile) -> Result<Spec, SpecError> {
    let text = std::fs::read_to_string(path).map_err(|e| SpecError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    parse_str(&text, path, source)
}

/// Parses MRISA XML text; `path` is only used in error messages.
pub fn parse_str(text: &str, path: &Path, source: SourceFile) -> Result<Spec, SpecError> {
    // Before the parser, which recurses once per open element (see `crate::nesting`).
    crate::nesting::check(text).map_err(|e| SpecError::Schema {
        path: path.to_path_buf(),
        message: format!("line {}: {}", e.line, e.message),
    })?;
    let doc = Document::parse(text).map_err(|e| SpecError::Xml {
        path: path.to_path_buf(),
        message: xml_error_message(&e, text),
    })?;
    let cx = Cx { path, doc: &doc };
    let root = doc.root_element();
    if root.tag_name().name() != "Spec" {
        return Err(cx.err(root, "root element is not <Spec>"));
    }
    let isa = cx.required_child(root, "ISA")?;
    let mut spec = Spec {
        architecture: child(isa, "Architecture")
            .and_then(|a| child_text(a, "ArchitectureName"))
            .unwrap_or_default()
            .to_string(),
        sources: vec![source],
        encodings: list(isa, "Encodings", "Encoding", |n| cx.encoding(n))?,
        instructions: list(isa, "Instructions", "Instruction", |n| cx.instruction(n))?,
        data_formats: list(isa, "DataFormats", "DataFormat", |n| cx.data_format(n))?,
        operand_types: list(isa, "OperandTypes", "OperandType", |n| cx.operand_type(n))?,
        ..Spec::default()
    };
    crate::spellings::canonicalize(&mut spec);
    spec.reindex();
    Ok(spec)
}

/// roxmltree's message, which carries `at line:column` where the parser knows the place; the
/// errors it raises at the end of the input get the file's last line and a hint instead.
fn xml_error_message(e: &roxmltree::Error, text: &str) -> String {
    match e {
        roxmltree::Error::UnexpectedEndOfStream | roxmltree::Error::UnclosedRootNode => {
            let last_line = text.lines().count().max(1);
            format!("{e} at line {last_line}, the end of the file (truncated?)")
        }
        _ => e.to_string(),
    }
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
}

fn children<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

/// Each `<item>` of `node`'s `<list>` child, parsed by `parse` (none without the list).
fn list<'a, 'i, T>(
    node: Node<'a, 'i>,
    list: &str,
    item: &'a str,
    parse: impl FnMut(Node<'a, 'i>) -> Result<T, SpecError>,
) -> Result<Vec<T>, SpecError> {
    match child(node, list) {
        Some(l) => children(l, item).map(parse).collect(),
        None => Ok(Vec::new()),
    }
}

fn child_text<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    child(node, name).map(|c| c.text().unwrap_or("").trim())
}

/// What a bit map's ranges must fit: an encoding's bits, or an operand type's value (64 bits).
#[derive(Clone, Copy)]
enum Within<'a> {
    Encoding { name: &'a str, bits: u32 },
    OperandType { name: &'a str },
}

impl Within<'_> {
    fn bits(self) -> u32 {
        match self {
            Within::Encoding { bits, .. } => bits,
            Within::OperandType { .. } => 64,
        }
    }

    fn kind(self) -> &'static str {
        match self {
            Within::Encoding { .. } => "encoding",
            Within::OperandType { .. } => "operand value",
        }
    }
}

impl std::fmt::Display for Within<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Within::Encoding { name, .. } => write!(f, "encoding {name}"),
            Within::OperandType { name } => write!(f, "operand type {name}"),
        }
    }
}

/// Parse context: the file (for messages) and the document (for line numbers).
struct Cx<'d, 'i> {
    path: &'d Path,
    doc: &'d Document<'i>,
}

impl Cx<'_, '_> {
    fn err(&self, node: Node, message: impl std::fmt::Display) -> SpecError {
        let pos = self.doc.text_pos_at(node.range().start);
        SpecError::Schema {
            path: PathBuf::from(self.path),
            message: format!("line {}: <{}>: {message}", pos.row, node.tag_name().name()),
        }
    }

    fn required_child<'a, 'i>(
        &self,
        node: Node<'a, 'i>,
        name: &str,
    ) -> Result<Node<'a, 'i>, SpecError> {
        child(node, name).ok_or_else(|| self.err(node, format_args!("missing <{name}>")))
    }

    fn required_text<'a>(&self, node: Node<'a, '_>, name: &str) -> Result<&'a str, SpecError> {
        child_text(node, name).ok_or_else(|| self.err(node, format_args!("missing <{name}>")))
    }

    fn number<T: std::str::FromStr>(&self, node: Node, text: &str) -> Result<T, SpecError> {
        text.trim()
            .parse()
            .map_err(|_| self.err(node, format_args!("{text:?} is not a number")))
    }

    fn required_number<T: std::str::FromStr>(
        &self,
        node: Node,
        name: &str,
    ) -> Result<T, SpecError> {
        let text = self.required_text(node, name)?;
        self.number(self.required_child(node, name)?, text)
    }

    fn optional_number<T: std::str::FromStr>(
        &self,
        node: Node,
        name: &str,
    ) -> Result<Option<T>, SpecError> {
        match child(node, name) {
            Some(c) => self.number(c, c.text().unwrap_or("")).map(Some),
            None => Ok(None),
        }
    }

    /// A number element carrying an optional `Radix` attribute (2, 10 or 16; 10 when absent).
    fn radix_number(&self, node: Node) -> Result<u128, SpecError> {
        let text = node.text().unwrap_or("").trim();
        let radix = match node.attribute("Radix") {
            None => 10,
            Some(r) => self.number::<u32>(node, r)?,
        };
        if !matches!(radix, 2 | 10 | 16) {
            return Err(self.err(node, format_args!("unsupported Radix {radix}")));
        }
        if text.is_empty() {
            return Err(self.err(node, "empty number"));
        }
        u128::from_str_radix(text, radix)
            .map_err(|e| self.err(node, format_args!("{text:?} in radix {radix}: {e}")))
    }

    /// `true`/`false` attribute (official case) or `TRUE`/`FALSE` text; `None` when absent.
    fn bool_value(&self, node: Node, text: Option<&str>) -> Result<Option<bool>, SpecError> {
        match text.map(str::trim) {
            None => Ok(None),
            Some(t) if t.eq_ignore_ascii_case("true") => Ok(Some(true)),
            Some(t) if t.eq_ignore_ascii_case("false") => Ok(Some(false)),
            Some(t) => Err(self.err(node, format_args!("{t:?} is not TRUE/FALSE"))),
        }
    }

    fn bool_attr(&self, node: Node, name: &str) -> Result<Option<bool>, SpecError> {
        self.bool_value(node, node.attribute(name))
    }

    fn encoding(&self, node: Node) -> Result<Encoding, SpecError> {
        let name = self.required_text(node, "EncodingName")?.to_string();
        let bit_count: u32 = self.required_number(node, "BitCount")?;
        // Identifier masks are u128; an encoding is at least one bit.
        if !(1..=128).contains(&bit_count) {
            return Err(self.err(
                self.required_child(node, "BitCount")?,
                format_args!("encoding {name}: BitCount {bit_count} is not 1 to 128"),
            ));
        }
        let order = match node.attribute("Order") {
            Some(o) => Some(self.number::<i32>(node, o)?),
            None => None,
        };
        let identifier_mask = match child(node, "EncodingIdentifierMask") {
            Some(m) => self.radix_number(m)?,
            None => 0,
        };
        let identifiers = list(node, "EncodingIdentifiers", "EncodingIdentifier", |id| {
            self.radix_number(id)
        })?;
        let mut conditions = Vec::new();
        if let Some(conds) = child(node, "EncodingConditions") {
            for c in children(conds, "EncodingCondition") {
                let expr = match child(c, "CondtionExpression") {
                    Some(e) => match e.children().find(|n| n.is_element()) {
                        Some(root) => Some(self.cond_expr(root)?),
                        None => None,
                    },
                    None => None,
                };
                conditions.push(EncodingCondition {
                    name: self.required_text(c, "ConditionName")?.to_string(),
                    expr,
                });
            }
        }
        let within = Within::Encoding {
            name: &name,
            bits: bit_count,
        };
        Ok(Encoding {
            bit_count,
            identifier_mask,
            identifiers,
            conditions,
            fields: self
                .bitmap_fields(node, within)?
                .into_iter()
                .map(|(f, _)| f)
                .collect(),
            order,
            source: 0,
            name,
        })
    }

    fn cond_expr(&self, node: Node) -> Result<CondExpr, SpecError> {
        let attr = |name: &str| {
            node.attribute(name)
                .map(str::to_string)
                .ok_or_else(|| self.err(node, format_args!("missing @{name}")))
        };
        match node.tag_name().name() {
            "op" => Ok(CondExpr::Op {
                kind: attr("type")?,
                args: node
                    .children()
                    .filter(|c| c.is_element())
                    .map(|c| self.cond_expr(c))
                    .collect::<Result<_, _>>()?,
            }),
            "id" => Ok(CondExpr::Id(attr("val")?)),
            "lit" => Ok(CondExpr::Lit(attr("val")?)),
            "ty" => {
                let t = self.required_child(node, "t")?;
                Ok(CondExpr::Type {
                    base: t.attribute("base").unwrap_or_default().to_string(),
                    size: self.number(t, t.attribute("size").unwrap_or_default())?,
                })
            }
            other => Err(self.err(node, format_args!("unknown expression node <{other}>"))),
        }
    }

    /// `MicrocodeFormat/BitMap/Field*` of an encoding or operand type, each with its
    /// `FieldPredefinedValues` (empty for encodings).
    ///
    /// Every range is checked against `within` (see [`Within`]): a range that is empty,
    /// reversed (negative BitCount), wider than 64 bits or outside the encoding would make
    /// the encoder write wrong bytes, so it is an error naming the encoding and the field.
    fn bitmap_fields(
        &self,
        node: Node,
        within: Within,
    ) -> Result<Vec<(Field, Vec<PredefinedValue>)>, SpecError> {
        let Some(bitmap) = child(node, "MicrocodeFormat").and_then(|m| child(m, "BitMap")) else {
            return Ok(Vec::new());
        };
        let mut fields = Vec::new();
        for f in children(bitmap, "Field") {
            let name = self.required_text(f, "FieldName")?;
            let mut ranges = Vec::new();
            if let Some(layout) = child(f, "BitLayout") {
                for r in children(layout, "Range") {
                    let order: i64 = match r.attribute("Order") {
                        Some(o) => self.number(r, o)?,
                        None => ranges.len() as i64,
                    };
                    ranges.push((order, self.range(r, within, name)?));
                }
            }
            let width: u32 = ranges.iter().map(|(_, r)| r.count).sum();
            if width > 64 {
                return Err(self.err(
                    f,
                    format_args!("{within}, field {name}: {width} bits in all, more than 64"),
                ));
            }
            ranges.sort_by_key(|(order, _)| *order);
            let mut predefined = Vec::new();
            if let Some(values) = child(f, "FieldPredefinedValues") {
                predefined = self.predefined_values(values)?;
            }
            fields.push((
                Field {
                    name: name.to_string(),
                    ranges: ranges.into_iter().map(|(_, r)| r).collect(),
                    conditional: self.bool_attr(f, "IsConditional")?.unwrap_or(false),
                },
                predefined,
            ));
        }
        Ok(fields)
    }

    fn range(&self, node: Node, within: Within, field: &str) -> Result<BitRange, SpecError> {
        let bad = |message: std::fmt::Arguments| {
            self.err(node, format_args!("{within}, field {field}: {message}"))
        };
        let offset: i64 = self.required_number(node, "BitOffset")?;
        let count: i64 = self.required_number(node, "BitCount")?;
        if count < 0 {
            return Err(bad(format_args!(
                "reversed bit range (BitOffset {offset}, BitCount {count})"
            )));
        }
        if offset < 0 {
            return Err(bad(format_args!("negative BitOffset {offset}")));
        }
        if count == 0 {
            return Err(bad(format_args!("BitCount 0 at BitOffset {offset}")));
        }
        if count > 64 {
            return Err(bad(format_args!("BitCount {count} is more than 64")));
        }
        let end = offset + count;
        if end > i64::from(within.bits()) {
            return Err(bad(format_args!(
                "bits [{}:{offset}] lie beyond the {}'s {} bits",
                end - 1,
                within.kind(),
                within.bits()
            )));
        }
        let (padding, padding_count) = match child(node, "Padding") {
            Some(p) => {
                let value = self.required_child(p, "Value")?;
                let value = if value.text().unwrap_or("").trim().is_empty() {
                    0
                } else {
                    self.radix_number(value)? as u64
                };
                let padding_count: u32 = self.required_number(p, "BitCount")?;
                if padding_count > 64 || count + i64::from(padding_count) > 64 {
                    return Err(bad(format_args!(
                        "Padding BitCount {padding_count} makes the value wider than 64 bits"
                    )));
                }
                (Some(value), padding_count)
            }
            None => (None, 0),
        };
        Ok(BitRange {
            offset: offset as u32,
            count: count as u32,
            padding,
            padding_count,
        })
    }

    fn predefined_values(&self, node: Node) -> Result<Vec<PredefinedValue>, SpecError> {
        children(node, "PredefinedValue")
            .map(|p| {
                Ok(PredefinedValue {
                    name: self.required_text(p, "Name")?.to_string(),
                    value: self.required_number(p, "Value")?,
                })
            })
            .collect()
    }

    fn instruction(&self, node: Node) -> Result<Instruction, SpecError> {
        let flags = match child(node, "InstructionFlags") {
            Some(f) => {
                let flag = |name: &str| -> Result<bool, SpecError> {
                    let c = child(f, name);
                    Ok(self
                        .bool_value(c.unwrap_or(f), c.map(|c| c.text().unwrap_or("")))?
                        .unwrap_or(false))
                };
                Some(InstructionFlags {
                    is_branch: flag("IsBranch")?,
                    is_conditional_branch: flag("IsConditionalBranch")?,
                    is_indirect_branch: flag("IsIndirectBranch")?,
                    is_program_terminator: flag("IsProgramTerminator")?,
                    is_immediately_executed: flag("IsImmediatelyExecuted")?,
                })
            }
            None => None,
        };
        let aliases = match child(node, "AliasedInstructionNames") {
            Some(a) => children(a, "InstructionName")
                .map(|n| n.text().unwrap_or("").trim().to_ascii_uppercase())
                .collect(),
            None => Vec::new(),
        };
        let encodings = list(node, "InstructionEncodings", "InstructionEncoding", |e| {
            self.instruction_encoding(e)
        })?;
        Ok(Instruction {
            name: self
                .required_text(node, "InstructionName")?
                .to_ascii_uppercase(),
            aliases,
            flags,
            encodings,
            functional_group: child(node, "FunctionalGroup")
                .and_then(|g| child_text(g, "Name"))
                .map(str::to_string),
        })
    }

    fn instruction_encoding(&self, node: Node) -> Result<InstructionEncoding, SpecError> {
        let opcode_node = self.required_child(node, "Opcode")?;
        let opcode = u32::try_from(self.radix_number(opcode_node)?)
            .map_err(|_| self.err(opcode_node, "opcode does not fit 32 bits"))?;
        let has_operands = child(node, "Operands").is_some();
        let operands = list(node, "Operands", "Operand", |o| self.operand(o))?;
        Ok(InstructionEncoding {
            encoding: self.required_text(node, "EncodingName")?.to_string(),
            condition: child_text(node, "EncodingCondition")
                .unwrap_or("default")
                .to_string(),
            opcode,
            operands,
            source: 0,
            operands_source: has_operands.then_some(0),
        })
    }

    fn operand(&self, node: Node) -> Result<Operand, SpecError> {
        Ok(Operand {
            field: child_text(node, "FieldName").map(str::to_string),
            data_format: self.required_text(node, "DataFormatName")?.to_string(),
            operand_type: self.required_text(node, "OperandType")?.to_string(),
            size: self.required_number(node, "OperandSize")?,
            input: self.bool_attr(node, "Input")?,
            output: self.bool_attr(node, "Output")?,
            implicit: self.bool_attr(node, "IsImplicit")?,
            binary_required: self.bool_attr(node, "IsBinaryMicrocodeRequired")?,
            order: match node.attribute("Order") {
                Some(o) => Some(self.number(node, o)?),
                None => None,
            },
        })
    }

    fn data_format(&self, node: Node) -> Result<DataFormat, SpecError> {
        Ok(DataFormat {
            name: self.required_text(node, "DataFormatName")?.to_string(),
            data_type: child_text(node, "DataType").map(str::to_string),
            bit_count: self.required_number(node, "BitCount")?,
            component_count: self.optional_number(node, "ComponentCount")?,
        })
    }

    fn operand_type(&self, node: Node) -> Result<OperandType, SpecError> {
        let name = self.required_text(node, "OperandTypeName")?;
        let fields: Vec<OperandTypeField> = self
            .bitmap_fields(node, Within::OperandType { name })?
            .into_iter()
            .map(|(f, predefined)| OperandTypeField {
                name: f.name,
                ranges: f.ranges,
                predefined,
            })
            .collect();
        let subtypes = match child(node, "Subtypes") {
            Some(s) => children(s, "Subtype")
                .map(|t| t.text().unwrap_or("").trim().to_string())
                .collect(),
            None => Vec::new(),
        };
        let predefined = match child(node, "OperandPredefinedValues") {
            Some(v) => self.predefined_values(v)?,
            None => Vec::new(),
        };
        Ok(OperandType {
            name: name.to_string(),
            // Partial files drop @IsPartitioned but keep the MicrocodeFormat of partitioned types.
            partitioned: self
                .bool_attr(node, "IsPartitioned")?
                .unwrap_or(!fields.is_empty()),
            subtypes,
            predefined,
            fields,
            source: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A handwritten file in the official schema's shape, with its quirks; the names and
    /// numbers are invented and belong to no AMD architecture.
    const FIXTURE: &str = r#"<!-- handwritten fixture -->
<Spec>
  <Document><License>MIT</License><SchemaVersion>1.1.1</SchemaVersion></Document>
  <ISA>
    <Architecture><ArchitectureName>Fixture Arch</ArchitectureName><ArchitectureId>7</ArchitectureId></Architecture>
    <Encodings>
      <Encoding Order="-1">
        <EncodingName>ENC_TOY</EncodingName>
        <BitCount>64</BitCount>
        <EncodingIdentifierMask Radix="2">0000000000000000000000000000000011110000000000000000000000000011</EncodingIdentifierMask>
        <EncodingIdentifiers>
          <EncodingIdentifier Radix="2">0000000000000000000000000000000010100000000000000000000000000001</EncodingIdentifier>
        </EncodingIdentifiers>
        <EncodingConditions>
          <EncodingCondition>
            <ConditionName>default</ConditionName>
            <CondtionExpression>
              <op type="&amp;&amp;">
                <op type="!="><id val="SRC"/><lit val="255"/><ty><t base="U" size="1"/></ty></op>
                <id val="FLAG"/>
              </op>
            </CondtionExpression>
          </EncodingCondition>
          <EncodingCondition><ConditionName>has_lit</ConditionName></EncodingCondition>
        </EncodingConditions>
        <MicrocodeFormat><BitMap>
          <Field IsConditional="false">
            <FieldName>OP_SEL_HI</FieldName>
            <BitLayout RangeCount="2">
              <Range Order="1"><BitCount>1</BitCount><BitOffset>14</BitOffset></Range>
              <Range Order="0"><BitCount>2</BitCount><BitOffset>59</BitOffset></Range>
            </BitLayout>
          </Field>
          <Field IsConditional="true">
            <FieldName>SBASE</FieldName>
            <BitLayout RangeCount="1">
              <Range Order="0"><BitCount>6</BitCount><BitOffset>0</BitOffset>
                <Padding><BitCount>1</BitCount><Value Radix="2">0</Value></Padding>
              </Range>
            </BitLayout>
          </Field>
        </BitMap></MicrocodeFormat>
      </Encoding>
    </Encodings>
    <Instructions>
      <Instruction>
        <InstructionFlags><IsBranch>TRUE</IsBranch><IsConditionalBranch>FALSE</IsConditionalBranch><IsIndirectBranch>FALSE</IsIndirectBranch><IsProgramTerminator>FALSE</IsProgramTerminator><IsImmediatelyExecuted>TRUE</IsImmediatelyExecuted></InstructionFlags>
        <InstructionName>toy_jump</InstructionName>
        <AliasedInstructionNames><InstructionName>TOY_JMP</InstructionName></AliasedInstructionNames>
        <InstructionEncodings>
          <InstructionEncoding>
            <EncodingName>ENC_TOY</EncodingName>
            <EncodingCondition>default</EncodingCondition>
            <Opcode Radix="10">42</Opcode>
            <Operands>
              <Operand Input="true" Output="false" IsImplicit="false" IsBinaryMicrocodeRequired="true" Order="1">
                <FieldName>SBASE</FieldName><DataFormatName>FMT_NUM_B64</DataFormatName><OperandType>OPR_SREG</OperandType><OperandSize>64</OperandSize>
              </Operand>
              <Operand Input="false" Output="true" IsImplicit="true" IsBinaryMicrocodeRequired="false" Order="2">
                <DataFormatName>FMT_NUM_B64</DataFormatName><OperandType>OPR_EXEC</OperandType><OperandSize>64</OperandSize>
              </Operand>
            </Operands>
          </InstructionEncoding>
        </InstructionEncodings>
        <FunctionalGroup><Name>SALU</Name></FunctionalGroup>
      </Instruction>
    </Instructions>
    <DataFormats>
      <DataFormat><DataFormatName>FMT_NUM_B64</DataFormatName><DataType>bits</DataType><BitCount>64</BitCount><ComponentCount>1</ComponentCount></DataFormat>
    </DataFormats>
    <OperandTypes>
      <OperandType IsPartitioned="false">
        <OperandTypeName>OPR_SREG</OperandTypeName>
        <Subtypes><Subtype>OPR_SDST_M0</Subtype></Subtypes>
        <OperandPredefinedValues><PredefinedValue><Name>VCC_LO</Name><Value>106</Value></PredefinedValue></OperandPredefinedValues>
      </OperandType>
      <OperandType IsPartitioned="true">
        <OperandTypeName>OPR_TOYCNT</OperandTypeName>
        <MicrocodeFormat><BitMap><Field IsConditional="false"><FieldName>CNT</FieldName>
          <BitLayout RangeCount="2"><Range Order="0"><BitCount>4</BitCount><BitOffset>0</BitOffset></Range><Range Order="1"><BitCount>2</BitCount><BitOffset>14</BitOffset></Range></BitLayout>
          <FieldPredefinedValues><PredefinedValue><Name>MAX</Name><Value>63</Value></PredefinedValue></FieldPredefinedValues>
        </Field></BitMap></MicrocodeFormat>
      </OperandType>
    </OperandTypes>
  </ISA>
</Spec>
"#;

    fn source() -> SourceFile {
        SourceFile {
            name: "fixture.xml".into(),
            fidelity: Fidelity::High,
        }
    }

    #[test]
    fn fixture_covers_official_schema_quirks() {
        let spec = parse_str(FIXTURE, Path::new("fixture.xml"), source()).unwrap();
        assert_eq!(spec.architecture, "Fixture Arch");
        let enc = spec.encoding("ENC_TOY").unwrap();
        assert_eq!(enc.order, Some(-1));
        assert_eq!(enc.bit_count, 64);
        assert_eq!(enc.identifier_mask, (0b1111 << 28) | 0b11);
        assert_eq!(enc.identifiers, vec![(0b1010 << 28) | 0b01]);
        // Ranges come back in Order, whatever the document order.
        let op_sel_hi = enc.field("OPSEL_HI").unwrap();
        assert_eq!(
            op_sel_hi
                .ranges
                .iter()
                .map(|r| (r.offset, r.count))
                .collect::<Vec<_>>(),
            vec![(59, 2), (14, 1)]
        );
        assert_eq!(op_sel_hi.width(), 3);
        let sbase = enc.field("SBASE").unwrap();
        assert!(sbase.conditional);
        assert_eq!(sbase.ranges[0].padding, Some(0));
        assert_eq!(sbase.ranges[0].padding_count, 1);
        assert_eq!(enc.conditions.len(), 2);
        assert_eq!(enc.conditions[1].expr, None);
        let CondExpr::Op { kind, args } = enc.conditions[0].expr.as_ref().unwrap() else {
            panic!("condition root is not an op");
        };
        assert_eq!(kind, "&&");
        assert_eq!(args[1], CondExpr::Id("FLAG".into()));
        assert_eq!(
            args[0],
            CondExpr::Op {
                kind: "!=".into(),
                args: vec![
                    CondExpr::Id("SRC".into()),
                    CondExpr::Lit("255".into()),
                    CondExpr::Type {
                        base: "U".into(),
                        size: 1
                    },
                ],
            }
        );

        let inst = spec.instruction("toy_jmp").expect("alias lookup");
        assert_eq!(inst.name, "TOY_JUMP");
        let flags = inst.flags.as_ref().unwrap();
        assert!(flags.is_branch && flags.is_immediately_executed);
        assert!(!flags.is_conditional_branch);
        assert_eq!(inst.functional_group.as_deref(), Some("SALU"));
        let form = inst.in_encoding("ENC_TOY").unwrap();
        assert_eq!(form.opcode, 42);
        assert_eq!(form.operands_source, Some(0));
        let [sbase_op, exec_op] = &form.operands[..] else {
            panic!("expected 2 operands");
        };
        assert_eq!(sbase_op.field.as_deref(), Some("SBASE"));
        assert_eq!(
            (
                sbase_op.input,
                sbase_op.output,
                sbase_op.binary_required,
                sbase_op.order
            ),
            (Some(true), Some(false), Some(true), Some(1))
        );
        assert_eq!(exec_op.field, None);
        assert_eq!(
            (exec_op.implicit, exec_op.binary_required),
            (Some(true), Some(false))
        );

        let fmt = spec.data_format("FMT_NUM_B64").unwrap();
        assert_eq!(
            (fmt.data_type.as_deref(), fmt.bit_count, fmt.component_count),
            (Some("bits"), 64, Some(1))
        );
        let sreg = spec.operand_type("OPR_SREG").unwrap();
        assert_eq!(sreg.subtypes, vec!["OPR_SDST_M0".to_string()]);
        assert_eq!(sreg.value_of("vcc_lo"), Some(106));
        let cnt = spec.operand_type("OPR_TOYCNT").unwrap();
        assert!(cnt.partitioned);
        assert_eq!(cnt.fields[0].ranges.len(), 2);
        assert_eq!(cnt.fields[0].predefined[0].value, 63);
    }

    #[test]
    fn missing_attributes_are_none_and_errors_name_the_element() {
        let partial = r#"<!-- partial -->
<Spec><ISA><Instructions><Instruction><InstructionName>X</InstructionName>
<InstructionEncodings><InstructionEncoding><EncodingName>ENC_A</EncodingName><Opcode Radix="10">3</Opcode>
<Operands><Operand><FieldName>F</FieldName><DataFormatName>D</DataFormatName><OperandType>T</OperandType><OperandSize>32</OperandSize></Operand></Operands>
</InstructionEncoding></InstructionEncodings></Instruction></Instructions></ISA></Spec>"#;
        let spec = parse_str(partial, Path::new("p.xml"), source()).unwrap();
        let op = &spec.instructions[0].encodings[0].operands[0];
        assert_eq!((op.input, op.implicit, op.order), (None, None, None));
        assert_eq!(spec.instructions[0].encodings[0].condition, "default");
        assert!(spec.instructions[0].flags.is_none());

        let broken = partial.replace(
            "<OperandSize>32</OperandSize>",
            "<OperandSize>wide</OperandSize>",
        );
        let err = parse_str(&broken, Path::new("p.xml"), source())
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("p.xml: line 4: <OperandSize>"), "{err}");
    }

    /// A 32-bit encoding whose SSRC0 field has the range `range` (BitOffset, BitCount).
    fn sop1_with(offset: &str, count: &str) -> String {
        format!(
            r#"<Spec><ISA><Encodings><Encoding>
<EncodingName>ENC_SOP1</EncodingName><BitCount>32</BitCount>
<MicrocodeFormat><BitMap>
<Field><FieldName>OP</FieldName><BitLayout><Range><BitCount>8</BitCount><BitOffset>8</BitOffset></Range></BitLayout></Field>
<Field><FieldName>SSRC0</FieldName><BitLayout>
<Range><BitCount>{count}</BitCount><BitOffset>{offset}</BitOffset></Range>
</BitLayout></Field>
</BitMap></MicrocodeFormat>
</Encoding></Encodings></ISA></Spec>"#
        )
    }

    fn parse_err(text: &str) -> String {
        parse_str(text, Path::new("bad.xml"), source())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn bad_field_ranges_are_errors_naming_file_encoding_and_field() {
        parse_str(&sop1_with("0", "8"), Path::new("ok.xml"), source()).unwrap();
        for (offset, count, why) in [
            (
                "200",
                "8",
                "bits [207:200] lie beyond the encoding's 32 bits",
            ),
            ("30", "4", "bits [33:30] lie beyond the encoding's 32 bits"),
            ("0", "0", "BitCount 0 at BitOffset 0"),
            ("0", "65", "BitCount 65 is more than 64"),
            ("7", "-8", "reversed bit range (BitOffset 7, BitCount -8)"),
            ("-1", "8", "negative BitOffset -1"),
        ] {
            let err = parse_err(&sop1_with(offset, count));
            assert!(
                err.starts_with("bad.xml: line 6: <Range>: encoding ENC_SOP1, field SSRC0: "),
                "{err}"
            );
            assert!(err.ends_with(why), "{err}");
        }
        // A field whose ranges add up to more than 64 bits.
        let wide = sop1_with("0", "8").replace(
            "<BitLayout>\n<Range>",
            "<BitLayout><Range><BitCount>60</BitCount><BitOffset>0</BitOffset></Range>\n<Range>",
        );
        let wide = wide.replace("<BitCount>32</BitCount>", "<BitCount>128</BitCount>");
        let err = parse_err(&wide);
        assert!(
            err.contains("encoding ENC_SOP1, field SSRC0: 68 bits in all"),
            "{err}"
        );
        let err = parse_err(
            &sop1_with("0", "8").replace("<BitCount>32</BitCount>", "<BitCount>0</BitCount>"),
        );
        assert!(
            err.contains("encoding ENC_SOP1: BitCount 0 is not 1 to 128"),
            "{err}"
        );
    }

    #[test]
    fn operand_type_fields_are_checked_too() {
        let text = r#"<Spec><ISA><OperandTypes><OperandType IsPartitioned="true">
<OperandTypeName>OPR_TOY</OperandTypeName>
<MicrocodeFormat><BitMap><Field><FieldName>ID</FieldName><BitLayout>
<Range><BitCount>0</BitCount><BitOffset>0</BitOffset></Range>
</BitLayout></Field></BitMap></MicrocodeFormat>
</OperandType></OperandTypes></ISA></Spec>"#;
        let err = parse_err(text);
        assert!(
            err.starts_with("bad.xml: line 4: <Range>: operand type OPR_TOY, field ID: BitCount 0"),
            "{err}"
        );
    }

    #[test]
    fn truncated_or_malformed_xml_is_an_error_naming_file_and_line() {
        let cut = &FIXTURE[..FIXTURE.len() / 2];
        let err = parse_err(cut);
        assert!(
            err.starts_with("bad.xml: not a well-formed XML file: "),
            "{err}"
        );
        let lines = cut.lines().count();
        assert!(
            err.contains(&format!("line {lines}")) || err.contains(&format!("at {lines}:")),
            "{err}"
        );

        let mismatched = FIXTURE.replacen("</EncodingName>", "</EncodingNam>", 1);
        let err = parse_err(&mismatched);
        let line = FIXTURE
            .lines()
            .position(|l| l.contains("</EncodingName>"))
            .unwrap()
            + 1;
        assert!(
            err.starts_with("bad.xml: not a well-formed XML file: "),
            "{err}"
        );
        assert!(err.contains(&format!(" at {line}:")), "{err}");

        let err = parse_err("<Spec><ISA>");
        assert!(
            err.contains("at line 1, the end of the file (truncated?)"),
            "{err}"
        );
    }
}
