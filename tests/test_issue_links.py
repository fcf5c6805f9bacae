"""Cited issues and pull requests become links to the repository the sentence names (issue 33)."""
from docutils import nodes

from utils.book.sphinx_ext.issue_links import linked


def links(text):
    return [(n.astext(), n["refuri"]) for n in linked(text) if isinstance(n, nodes.reference)]


def test_each_citation_form_links_to_its_repository():
    assert links("reported in pytorch/pytorch issue #21469 by a maintainer") == [
        ("#21469", "https://github.com/pytorch/pytorch/issues/21469")]
    assert links("Pull request #63831 fixed it") == [("#63831", "https://github.com/pytorch/pytorch/issues/63831")]
    assert links("printed in facebookresearch/pytorch3d #864") == [
        ("#864", "https://github.com/facebookresearch/pytorch3d/issues/864")]
    assert links("pytorch/examples 的 issue #257 提到") == [("#257", "https://github.com/pytorch/examples/issues/257")]
    assert links("| #13827 |") == [("#13827", "https://github.com/pytorch/pytorch/issues/13827")]
    assert links("between 0.4/1.0 #21469") == [("#21469", "https://github.com/pytorch/pytorch/issues/21469")]


def test_the_words_around_a_citation_are_kept():
    text = "see pytorch/pytorch issue #21469 (closed) and #1288."
    assert "".join(n.astext() for n in linked(text)) == text


def test_what_is_not_a_citation_stays_text():
    for text in ("colour #e4ecf7", "step #1", "no number here", "C# code"):
        assert links(text) == [], text


def test_a_reference_to_another_repository_links_there_not_to_pytorch():
    """"KupynOrest/DeblurGAN#91" (errors.yml) linked to pytorch/pytorch#91 before: the repository is
    the one written against the number, and the whole reference is the link, as on GitHub."""
    assert links("quoted in KupynOrest/DeblurGAN#91 (July 2018)") == [
        ("KupynOrest/DeblurGAN#91", "https://github.com/KupynOrest/DeblurGAN/issues/91")]
    assert links("JonathonLuiten/instant-nerf-pytorch#2 and pytorch/pytorch#3824") == [
        ("JonathonLuiten/instant-nerf-pytorch#2", "https://github.com/JonathonLuiten/instant-nerf-pytorch/issues/2"),
        ("pytorch/pytorch#3824", "https://github.com/pytorch/pytorch/issues/3824")]


def test_a_written_out_address_of_an_issue_or_pull_request_is_a_link():
    text = 'records it as "fixed with https://github.com/pytorch/pytorch/pull/3970", in December 2017'
    assert links(text) == [("https://github.com/pytorch/pytorch/pull/3970", "https://github.com/pytorch/pytorch/pull/3970")]
    assert "".join(n.astext() for n in linked(text)) == text
    # another GitHub address (a file, a repository) is not one of the forms the book links
    assert links("see https://github.com/pytorch/pytorch/blob/main/torch/autograd/graph.py") == []


def test_a_written_out_address_gets_no_platform_icon():
    """pydata-sphinx-theme's ShortenLinkTransform marks a link whose text is its GitHub address with
    the class "github" (a logo in the 118 kB Font Awesome Brands font, issue 35); NoPlatformIcon,
    run after it, takes the class off the book's issue links and leaves other links alone."""
    from docutils.utils import new_document

    from utils.book.sphinx_ext.issue_links import NoPlatformIcon

    doc = new_document("test")
    para = nodes.paragraph()
    ours = nodes.reference("", "pytorch/pytorch#3970", refuri="https://github.com/pytorch/pytorch/pull/3970",
                           classes=["book-issue-link", "github"])
    other = nodes.reference("", "pytorch/vision", refuri="https://github.com/pytorch/vision", classes=["github"])
    para += [ours, other]
    doc += para
    NoPlatformIcon(doc).run()
    assert ours["classes"] == ["book-issue-link"] and other["classes"] == ["github"]
    assert NoPlatformIcon.default_priority > 400  # after the theme's ShortenLinkTransform (400)
