//! JUnit XML: the one writer behind `mcdiff run --junit`, `mcdiff gate --junit`, `mcdiff
//! report --junit` and `mcdiff report merge --junit`. Each command builds [`Suite`]s; the
//! markup and its escaping live only here, so every JUnit file mcdiff writes reads alike.

use std::fmt::Write as _;

/// A test suite: a name and its test cases, in the order they are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suite {
    pub name: String,
    pub cases: Vec<TestCase>,
}

impl Suite {
    pub fn failures(&self) -> usize {
        self.cases.iter().filter(|c| c.failure.is_some()).count()
    }
}

/// One test case; failed when it has a [`Failure`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    pub name: String,
    /// The `classname` attribute, for CI viewers that group cases by it.
    pub classname: Option<String>,
    pub failure: Option<Failure>,
    /// What the case measured, shown by CI viewers beside the verdict.
    pub system_out: Option<String>,
}

impl TestCase {
    /// A case named `name` with no class name, failure or output.
    pub fn named(name: impl Into<String>) -> Self {
        TestCase {
            name: name.into(),
            classname: None,
            failure: None,
            system_out: None,
        }
    }
}

/// Why a case failed: a one-line message and the details, one finding a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub message: String,
    pub detail: String,
}

/// Text for an XML attribute or element.
fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The JUnit document: `<testsuites>` (named when `name` is given) holding `suites`.
pub fn render(name: Option<&str>, suites: &[Suite]) -> String {
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures: usize = suites.iter().map(Suite::failures).sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites");
    if let Some(name) = name {
        let _ = write!(out, " name=\"{}\"", xml_escape(name));
    }
    let _ = writeln!(out, " tests=\"{tests}\" failures=\"{failures}\">");
    for suite in suites {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">",
            xml_escape(&suite.name),
            suite.cases.len(),
            suite.failures()
        );
        for case in &suite.cases {
            write_case(&mut out, case);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn write_case(out: &mut String, case: &TestCase) {
    out.push_str("    <testcase");
    if let Some(class) = &case.classname {
        let _ = write!(out, " classname=\"{}\"", xml_escape(class));
    }
    let _ = write!(out, " name=\"{}\"", xml_escape(&case.name));
    if case.failure.is_none() && case.system_out.is_none() {
        out.push_str("/>\n");
        return;
    }
    out.push_str(">\n");
    if let Some(f) = &case.failure {
        let _ = writeln!(
            out,
            "      <failure message=\"{}\">\n{}\n      </failure>",
            xml_escape(&f.message),
            xml_escape(&f.detail)
        );
    }
    if let Some(text) = &case.system_out {
        let _ = writeln!(out, "      <system-out>{}</system-out>", xml_escape(text));
    }
    out.push_str("    </testcase>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_escapes() {
        let mut failed = TestCase::named("a<b>.s");
        failed.failure = Some(Failure {
            message: "2 \"bad\"".into(),
            detail: "x & y\nz".into(),
        });
        let suites = [Suite {
            name: "gfx1100 llvm-22.1.8".into(),
            cases: vec![TestCase::named("ok.s"), failed],
        }];
        let xml = render(None, &suites);
        assert!(
            xml.contains("<testsuites tests=\"2\" failures=\"1\">"),
            "{xml}"
        );
        assert!(xml.contains("<testcase name=\"ok.s\"/>"), "{xml}");
        assert!(xml.contains("name=\"a&lt;b&gt;.s\""), "{xml}");
        assert!(
            xml.contains("<failure message=\"2 &quot;bad&quot;\">\nx &amp; y\nz\n      </failure>"),
            "{xml}"
        );
    }
}
